/**
 * "Report a problem" with a delivered line: what happened and up to 3 photos. Loaded only when a customer opens it.
 * A failed send keeps the words and photos as they were, and says why in the dialog as well as in the toast.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { asFailure } from '@shop/app-kit/api-failure';
import { notifySuccess } from '@shop/app-kit/notify';
import { MAX_PROBLEM_PHOTOS } from '@shop/domain/schemas/refunds';
import { FormActions } from '@shop/ui/form-actions';
import { TextAreaField } from '@shop/ui/form-field';
import { Overlay } from '@shop/ui/overlay';
import { useReportProblemMutation } from '../api/account-api';
import { PHOTO_TYPES, readPhoto } from '../lib/read-photo';

export interface ProblemLine {
  orderId: string;
  lineId: string;
  /** "A2 Gir Cow Bilona Ghee 500 ml" */
  name: string;
  /** Until when the line may be reported, as read ("29 Nov 2026, 4:05 pm"). */
  until?: string;
}

interface Photo {
  name: string;
  dataUrl: string;
}

const MESSAGE_MAX = 2000;

export default function ProblemReportDialog({ line, onClose }: { line: ProblemLine; onClose: () => void }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [messageError, setMessageError] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [sendError, setSendError] = useState<string | undefined>();
  const [reading, setReading] = useState(false);
  const [report, { isLoading }] = useReportProblemMutation();

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const room = MAX_PROBLEM_PHOTOS - photos.length;
    const problems: string[] = [];
    const left = files.length - Math.max(room, 0);
    if (left > 0) problems.push(`You can add up to ${MAX_PROBLEM_PHOTOS} photos; ${left === 1 ? 'one was' : `${left} were`} left out.`);
    setReading(true);
    const read = await Promise.all(files.slice(0, Math.max(room, 0)).map(async (file) => ({ file, result: await readPhoto(file) })));
    setReading(false);
    const added: Photo[] = [];
    for (const { file, result } of read) {
      if (result.ok) added.push({ name: file.name, dataUrl: result.dataUrl });
      else problems.unshift(result.error);
    }
    setPhotos((current) => [...current, ...added].slice(0, MAX_PROBLEM_PHOTOS));
    setPhotoError(problems.length > 0 ? problems.join(' ') : undefined);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (text === '') {
      setMessageError('Please tell us what happened (for example: the jar arrived cracked).');
      return;
    }
    setMessageError(undefined);
    setSendError(undefined);
    try {
      const answer = await report({
        orderId: line.orderId,
        line_id: line.lineId,
        message: text,
        ...(photos.length > 0 ? { photos: photos.map((p) => p.dataUrl) } : {}),
      }).unwrap();
      notifySuccess(answer);
      onClose();
    } catch (error) {
      // Nothing is cleared: the customer fixes what the server named and sends again.
      setSendError(asFailure(error).message || 'The report could not be sent. Please try again.');
    }
  };

  const full = photos.length >= MAX_PROBLEM_PHOTOS;
  return (
    <Overlay open onClose={onClose} title="Report a problem">
      <form className="after-sales-dialog problem-form" aria-label="Report a problem" onSubmit={submit} noValidate>
        <p className="problem-form__line">
          <strong>{line.name}</strong>
          {line.until && <span className="problem-form__until">You can report it until {line.until}.</span>}
        </p>
        <TextAreaField
          id={`${id}-message`}
          label="What happened?"
          rows={4}
          maxLength={MESSAGE_MAX}
          value={message}
          error={messageError}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div className="field">
          <label htmlFor={`${id}-photos`}>Photos (up to {MAX_PROBLEM_PHOTOS}, optional)</label>
          <input
            id={`${id}-photos`}
            className="problem-form__file"
            type="file"
            accept={PHOTO_TYPES.join(',')}
            multiple
            disabled={full || reading}
            onChange={(e) => void addPhotos(e)}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={`${id}-photos-hint${photoError ? ` ${id}-photos-error` : ''}`}
          />
          <span id={`${id}-photos-hint`} className="field-hint">
            {full ? `${MAX_PROBLEM_PHOTOS} photos added.` : 'JPEG, PNG, WebP or GIF, up to 5 MB each.'}
            {reading ? ' Reading…' : ''}
          </span>
          {photoError && (
            <span id={`${id}-photos-error`} className="field-error" role="alert">
              {photoError}
            </span>
          )}
        </div>
        {photos.length > 0 && (
          <ul className="photo-thumbs problem-form__photos" aria-label="Photos to send">
            {photos.map((photo, i) => (
              <li key={`${photo.name}-${i}`}>
                <img src={photo.dataUrl} alt={`Photo ${i + 1}: ${photo.name}`} width={88} height={88} />
                <button
                  type="button"
                  className="problem-form__remove"
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => setPhotos((current) => current.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {sendError && (
          <p className="after-sales-dialog__error" role="alert">
            {sendError}
          </p>
        )}
        <FormActions
          className="after-sales-dialog__actions"
          onCancel={onClose}
          cancelLabel="Close"
          submitLabel="Send report"
          busyLabel="Sending…"
          busy={isLoading}
          disabled={reading}
        />
      </form>
    </Overlay>
  );
}
