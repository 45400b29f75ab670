import { useState, type FormEvent } from 'react';
import { FormField } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';
import { MAX_SLIDERS } from '@shop/domain/constants';
import { assetHref } from '../../config';
import { ImagePicker } from '../../components/image-picker';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { TrashIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { notifySuccess } from '@shop/app-kit/notify';
import { useCreateSliderMutation, useDeleteSliderMutation, useSlidersQuery } from './dashboard-api';
import './slider-manager.css';

interface SliderErrors {
  name?: string;
  url?: string;
  image?: string;
}

/** The home page slides: at most three (SPEC 4), added through a form revealed by 'Add Slider +'. */
export function SliderManager() {
  const { data, isLoading } = useSlidersQuery();
  const [createSlider, { isLoading: saving }] = useCreateSliderMutation();
  const [deleteSlider, { isLoading: deleting }] = useDeleteSliderMutation();
  const [formOpen, setFormOpen] = useState(false);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [image, setImage] = useState<string | undefined>();
  const [errors, setErrors] = useState<SliderErrors>({});
  const deletion = useConfirmDelete<{ _id: string; name: string }>(async (row) => {
    await deleteSlider(row._id).unwrap();
    notifySuccess('Slider deleted successfully');
  });

  const sliders = data?.sliders ?? [];
  const full = sliders.length >= MAX_SLIDERS;

  const reset = () => {
    setName('');
    setUrl('');
    setImage(undefined);
    setErrors({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: SliderErrors = {};
    if (name.trim() === '') found.name = 'Give the slide a name';
    if (!/^(\/|https?:\/\/)/.test(url.trim())) found.url = 'Enter a path in the shop (/allproducts) or a web address (https://…)';
    if (!image) found.image = 'Choose an image for the slide';
    setErrors(found);
    if (Object.keys(found).length > 0 || !image) return;
    try {
      await createSlider({ name: name.trim(), url: url.trim(), image }).unwrap();
      reset();
      setFormOpen(false);
      notifySuccess('Slider added successfully');
    } catch {
      // toasted
    }
  };

  return (
    <section className="panel slider-manager" aria-labelledby="sliders-title">
      <div className="panel__head">
        <div>
          <h2 id="sliders-title">Home sliders</h2>
          <p className="muted small">
            {sliders.length} of {MAX_SLIDERS} slides on the home page
          </p>
        </div>
        <Button
          variant="gold"
          disabled={full}
          aria-expanded={!full && formOpen}
          aria-controls="slider-form"
          onClick={() => setFormOpen((o) => !o)}
        >
          {full ? 'Max number of sliders reached' : 'Add Slider +'}
        </Button>
      </div>

      {formOpen && !full && (
        <form id="slider-form" className="slider-form" onSubmit={onSubmit} noValidate aria-label="Add slider">
          <div className="form-grid">
            <FormField id="slider-name" label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
            <FormField
              id="slider-url"
              label="Url"
              value={url}
              placeholder="/allproducts"
              onChange={(e) => setUrl(e.target.value)}
              error={errors.url}
            />
          </div>
          <ImagePicker
            label="Slide image"
            value={image}
            onChange={setImage}
            required
            error={errors.image}
            note="Best at 1200 × 450 with the words in the left half: phones show the left two thirds of the slide."
          />
          <div className="form-actions">
            <Button
              variant="outline"
              onClick={() => {
                reset();
                setFormOpen(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save slider'}
            </Button>
          </div>
        </form>
      )}

      {isLoading ? (
        <Loading />
      ) : sliders.length === 0 ? (
        <p className="empty-state">No sliders</p>
      ) : (
        <ul className="slider-list">
          {sliders.map((s) => (
            <li key={s._id} className="slider-list__item">
              <img src={assetHref(s.image)} alt="" loading="lazy" />
              <div className="slider-list__text">
                <strong>{s.name}</strong>
                <span className="muted small">{s.url}</span>
              </div>
              <button
                type="button"
                className="icon-btn icon-btn--danger"
                aria-label={`Delete slider ${s.name}`}
                onClick={() => deletion.ask(s)}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete slider"
        message={`Remove the slide “${deletion.row?.name ?? ''}” from the home page?`}
        busy={deleting}
      />
    </section>
  );
}
