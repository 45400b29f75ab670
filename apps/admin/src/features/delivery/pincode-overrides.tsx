import { useState, type ChangeEvent, type FormEvent } from 'react';
import { INDIAN_STATES, PIN_CODE_PATTERN, type IndianState } from '@shop/domain/delivery';
import type { PincodeOverride, PincodeOverrideBody } from '@shop/domain/schemas/delivery';
import { notifySuccess } from '@shop/app-kit/notify';
import { Button } from '@shop/ui/button';
import { DataTable } from '@shop/ui/data-table';
import { FormActions } from '@shop/ui/form-actions';
import { FormField, SelectField } from '@shop/ui/form-field';
import { LoadFailed } from '@shop/ui/load-failed';
import { Overlay } from '@shop/ui/overlay';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useDeletePincodeOverrideMutation, usePincodeOverridesQuery, useSavePincodeOverrideMutation } from './delivery-api';

interface OverrideValues {
  pin: string;
  /** '' keeps the directory's state. */
  state: IndianState | '';
  district: string;
  serviceable: boolean;
  cod: boolean;
  note: string;
}

const NEW_OVERRIDE: OverrideValues = { pin: '', state: '', district: '', serviceable: true, cod: true, note: '' };
const PIN = new RegExp(PIN_CODE_PATTERN);

const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

/** The correction as PUT takes it: an unset state or an empty district leaves the directory's. */
function bodyOf(v: OverrideValues): PincodeOverrideBody {
  return {
    ...(v.state ? { state: v.state } : {}),
    ...(v.district.trim() ? { district: v.district.trim() } : {}),
    serviceable: v.serviceable,
    cod: v.cod,
    note: v.note.trim(),
  };
}

/** The add and edit overlay of one PIN's correction; the PIN is fixed once it has one. */
function OverrideDialog({
  editing,
  initial,
  taken,
  onClose,
}: {
  editing: boolean;
  initial: OverrideValues;
  taken: ReadonlySet<string>;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [pinError, setPinError] = useState<string>();
  const [savePincodeOverride, { isLoading }] = useSavePincodeOverrideMutation();
  const set = <K extends keyof OverrideValues>(key: K, value: OverrideValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'district' | 'note') => ({ value: values[key], onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pin = values.pin.trim();
    const problem = !PIN.test(pin)
      ? 'Enter a six-digit PIN code; the first digit is not 0.'
      : !editing && taken.has(pin)
        ? `PIN ${pin} has a correction already: edit it in the list.`
        : undefined;
    setPinError(problem);
    if (problem) return;
    try {
      await savePincodeOverride({ pin, body: bodyOf(values) }).unwrap();
      notifySuccess(`PIN ${pin} saved`);
      onClose();
    } catch {
      // The server's message (an unknown PIN without a state, say) is toasted; the overlay stays as typed.
    }
  };

  const title = editing ? `Edit PIN ${initial.pin}` : 'Add PIN correction';
  return (
    <Overlay open onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="override-form">
        <FormField
          id="override-pin"
          label="PIN code"
          inputMode="numeric"
          maxLength={6}
          readOnly={editing}
          value={values.pin}
          error={pinError}
          onChange={(e) => {
            set('pin', e.target.value.replace(/\D/g, ''));
            setPinError(undefined);
          }}
        />
        <SelectField
          id="override-state"
          label="State"
          hint="Leave as in the directory unless it is wrong there (Ladakh’s 194xxx PINs, say); a PIN the directory lacks needs one."
          value={values.state}
          onChange={(e) => set('state', e.target.value as IndianState | '')}
        >
          <option value="">As in the directory</option>
          {INDIAN_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <FormField id="override-district" label="District" maxLength={100} placeholder="As in the directory" {...text('district')} />
        <label className="check-label">
          <input type="checkbox" checked={values.serviceable} onChange={(e) => set('serviceable', e.target.checked)} />
          <span>Deliver to this PIN</span>
        </label>
        <label className="check-label">
          <input type="checkbox" checked={values.cod} onChange={(e) => set('cod', e.target.checked)} />
          <span>Cash on delivery at this PIN</span>
        </label>
        <FormField id="override-note" label="Note" maxLength={200} placeholder="Why, for the next admin: “courier does not serve”" {...text('note')} />
        <FormActions className="form-actions" onCancel={onClose} submitLabel="Save PIN" busyLabel="Saving…" busy={isLoading} />
      </form>
    </Overlay>
  );
}

/** The admin's corrections of the PIN code directory: add a PIN, block one, turn COD off for one, correct its state. */
export function PincodeOverrides() {
  const { data, isLoading, isError, error, refetch, isFetching } = usePincodeOverridesQuery();
  const [deleteOverride, { isLoading: deleting }] = useDeletePincodeOverrideMutation();
  const [dialog, setDialog] = useState<{ editing: boolean; initial: OverrideValues } | null>(null);
  const removal = useConfirmDelete(async (o: PincodeOverride) => {
    await deleteOverride(o.pin).unwrap();
    notifySuccess(`PIN ${o.pin} correction removed`);
  });
  const overrides = data?.overrides ?? [];
  const taken = new Set(overrides.map((o) => o.pin));

  return (
    <section className="panel delivery-overrides" aria-labelledby="pin-corrections-title">
      <div className="panel__head">
        <div>
          <h2 id="pin-corrections-title">PIN corrections</h2>
          <p className="muted small">Where the shop’s PIN directory is wrong or a PIN needs blocking; the rest follow the directory.</p>
        </div>
        <Button small onClick={() => setDialog({ editing: false, initial: NEW_OVERRIDE })}>
          <PlusIcon size={16} /> Add PIN correction
        </Button>
      </div>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadFailed what="the PIN corrections" message={(error as { message?: string } | undefined)?.message} onRetry={refetch} retrying={isFetching} />
      ) : (
        <DataTable
          caption="PIN corrections"
          rows={overrides}
          rowKey={(o) => o.pin}
          empty="No PIN corrections: every PIN follows the directory."
          columns={[
            { key: 'pin', header: 'PIN', primary: true, cell: (o) => <span className="mono">{o.pin}</span> },
            { key: 'state', header: 'State', cell: (o) => o.state },
            { key: 'district', header: 'District', cell: (o) => o.district },
            { key: 'serviceable', header: 'Serviceable', cell: (o) => yesNo(o.serviceable) },
            { key: 'cod', header: 'COD', cell: (o) => yesNo(o.cod) },
            { key: 'note', header: 'Note', cell: (o) => o.note || '—' },
            {
              key: 'actions',
              header: 'Actions',
              action: true,
              cell: (o) => (
                <span className="delivery-overrides__actions">
                  <button type="button" className="icon-btn" aria-label={`Edit PIN ${o.pin}`} onClick={() => setDialog({ editing: true, initial: { ...o } })}>
                    <PencilIcon />
                  </button>
                  <button type="button" className="icon-btn icon-btn--danger" aria-label={`Delete PIN ${o.pin}`} onClick={() => removal.ask(o)}>
                    <TrashIcon />
                  </button>
                </span>
              ),
            },
          ]}
        />
      )}
      {dialog && <OverrideDialog editing={dialog.editing} initial={dialog.initial} taken={taken} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...removal.dialog}
        title="Delete PIN correction"
        message={`Delete the correction of PIN ${removal.row?.pin ?? ''}? The directory’s entry applies again.`}
        busy={deleting}
      />
    </section>
  );
}
