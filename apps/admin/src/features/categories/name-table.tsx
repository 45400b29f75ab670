import { useState, type FormEvent } from 'react';
import { Button } from '@shop/ui/button';
import { FormField } from '@shop/ui/form-field';
import { DataTable } from '@shop/ui/data-table';
import { Overlay } from '@shop/ui/overlay';
import { storefrontHref } from '../../config';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { deleteColumn } from '../../components/delete-column';
import { CheckIcon, ExternalIcon, PlusIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import './name-table.css';

export interface NamedItem {
  _id: string;
  name: string;
  slug: string;
}

export interface NameTableProps {
  /** 'Category' or 'Solution'. */
  noun: string;
  title: string;
  items: NamedItem[] | undefined;
  loading: boolean;
  /** Storefront path of an item, e.g. /category/ghee. */
  viewPath: (slug: string) => string;
  onCreate: (name: string) => Promise<boolean>;
  onRename: (id: string, name: string) => Promise<boolean>;
  onDelete: (id: string) => Promise<boolean>;
}

/** One of the two tables of the categories screen: editable names, view, delete and an Add overlay. */
export function NameTable({ noun, title, items, loading, viewPath, onCreate, onRename, onDelete }: NameTableProps) {
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<NamedItem | null>(null);
  const headingId = `${noun.toLowerCase()}-table-title`;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (newName.trim() === '') {
      setAddError(`Enter a name for the ${noun.toLowerCase()}`);
      return;
    }
    setBusy(true);
    const ok = await onCreate(newName.trim());
    setBusy(false);
    if (ok) {
      setNewName('');
      setAddError(null);
      setAdding(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    await onDelete(toDelete._id);
    setBusy(false);
    setToDelete(null);
  };

  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className="panel__head">
        <h2 id={headingId}>{title}</h2>
        <Button small onClick={() => setAdding(true)}>
          <PlusIcon size={16} /> Add {noun}
        </Button>
      </div>
      {loading ? (
        <Loading />
      ) : (
        <DataTable
          caption={title}
          rows={items ?? []}
          rowKey={(i) => i._id}
          empty="No Data Found"
          columns={[
            {
              key: 'name',
              header: 'Name',
              primary: true,
              cell: (i) => <NameEditor key={`${i._id}:${i.name}`} item={i} noun={noun} onRename={onRename} />,
            },
            {
              key: 'view',
              header: 'View',
              action: true,
              cell: (i) => (
                <a href={storefrontHref(viewPath(i.slug))} className="icon-link" target="_blank" rel="noreferrer" aria-label={`View ${i.name} on the shop`}>
                  <ExternalIcon /> <span aria-hidden="true">View</span>
                </a>
              ),
            },
            deleteColumn((i: NamedItem) => i.name, setToDelete),
          ]}
        />
      )}
      <Overlay open={adding} onClose={() => setAdding(false)} title={`Add ${noun}`}>
        <form onSubmit={add} noValidate>
          <FormField
            id={`new-${noun.toLowerCase()}`}
            label="Name"
            value={newName}
            maxLength={80}
            onChange={(e) => setNewName(e.target.value)}
            error={addError ?? undefined}
          />
          <div className="form-actions">
            <Button variant="outline" onClick={() => setAdding(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Create
            </Button>
          </div>
        </form>
      </Overlay>
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${noun.toLowerCase()}`}
        message={`Delete “${toDelete?.name ?? ''}”? A ${noun.toLowerCase()} still used by products cannot be deleted.`}
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function NameEditor({ item, noun, onRename }: { item: NamedItem; noun: string; onRename: NameTableProps['onRename'] }) {
  const [name, setName] = useState(item.name);
  const [saving, setSaving] = useState(false);
  const changed = name.trim() !== '' && name.trim() !== item.name;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    setSaving(true);
    await onRename(item._id, name.trim());
    setSaving(false);
  };
  return (
    <form className="inline-edit" onSubmit={save}>
      <input value={name} onChange={(e) => setName(e.target.value)} aria-label={`${noun} name`} maxLength={80} />
      <Button small type="submit" disabled={!changed || saving} aria-label={`Save ${noun.toLowerCase()} name`}>
        <CheckIcon size={16} /> Save
      </Button>
    </form>
  );
}
