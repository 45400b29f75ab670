import { useId } from 'react';
import { FormField } from '@shop/ui/form-field';
import { ImagePicker } from '../../components/image-picker';
import { LazyRichTextEditor } from '../../components/lazy-rich-text-editor';

export interface BlogDraft {
  title: string;
  content: string;
  /** A new image as a data URL. */
  image?: string;
}

export interface BlogErrors {
  title?: string;
  content?: string;
}

/** SPEC 5: a blog needs a title and content. */
export function validateBlog(draft: BlogDraft): BlogErrors {
  const errors: BlogErrors = {};
  if (draft.title.trim() === '') errors.title = 'Title is required';
  if (draft.content.replace(/<[^>]*>/g, '').trim() === '' && !/<img/i.test(draft.content)) errors.content = 'Content is required';
  return errors;
}

/** After an edit, keeps only the errors that are still true (a fixed field loses its message at once). */
export function recheckBlog(previous: BlogErrors, draft: BlogDraft): BlogErrors {
  const now = validateBlog(draft);
  return { ...(previous.title && now.title ? { title: now.title } : {}), ...(previous.content && now.content ? { content: now.content } : {}) };
}

/** Title, image and rich content: the fields of the Create Blog overlay and of the blog edit form. */
export function BlogFields({
  draft,
  initialContent,
  currentImage,
  errors,
  onChange,
}: {
  draft: BlogDraft;
  initialContent: string;
  currentImage?: string;
  errors: BlogErrors;
  onChange: (draft: BlogDraft) => void;
}) {
  const uid = useId();
  const contentLabel = `${uid}-content-label`;
  return (
    <>
      <FormField
        id={`${uid}-title`}
        label={
          <>
            Title <span aria-hidden="true">*</span>
          </>
        }
        value={draft.title}
        maxLength={200}
        onChange={(e) => onChange({ ...draft, title: e.target.value })}
        error={errors.title}
      />
      <ImagePicker label="Image" value={draft.image ?? currentImage} onChange={(image) => onChange({ ...draft, image })} />
      <div className="field">
        <span className="field-label" id={contentLabel}>
          Content <span aria-hidden="true">*</span>
        </span>
        <LazyRichTextEditor
          value={initialContent}
          onChange={(content) => onChange({ ...draft, content })}
          labelId={contentLabel}
          invalid={Boolean(errors.content)}
          describedBy={errors.content ? `${uid}-content-error` : undefined}
        />
        {errors.content && (
          <span id={`${uid}-content-error`} className="field-error">
            {errors.content}
          </span>
        )}
      </div>
    </>
  );
}
