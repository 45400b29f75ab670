/**
 * The rich-text editor for product contents and blog content (TipTap). Loaded on its own chunk
 * through lazy-rich-text-editor.tsx, so the rest of the panel never downloads it.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The initial HTML; later changes of this prop are not applied (the editor owns its text). */
  value: string;
  onChange: (html: string) => void;
  /** id of the visible label element that names the editor. */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

export default function RichTextEditor({ value, onChange, labelId, describedBy, invalid }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <div className={`rte${invalid ? ' rte--invalid' : ''}`}>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  const chain = () => editor.chain().focus();
  const openLink = () => {
    setHref(state.href || 'https://');
    setLinkOpen((o) => !o);
  };
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const url = href.trim();
    if (url === '' || url === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };

  const button = (label: string, active: boolean, onClick: () => void, text: ReactNode) => (
    <button
      type="button"
      className={`rte__btn${active ? ' is-active' : ''}`}
      aria-pressed={active}
      aria-label={label}
      title={label}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {text}
    </button>
  );

  return (
    <>
      <div className="rte__toolbar" role="toolbar" aria-label="Formatting">
        {button('Bold', state.bold, () => chain().toggleBold().run(), <strong>B</strong>)}
        {button('Italic', state.italic, () => chain().toggleItalic().run(), <em>I</em>)}
        <span className="rte__sep" aria-hidden="true" />
        {button('Heading', state.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {button('Subheading', state.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        <span className="rte__sep" aria-hidden="true" />
        {button(
          'Bulleted list',
          state.bullet,
          () => chain().toggleBulletList().run(),
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M9 6h11M9 12h11M9 18h11" />
            <circle cx="4.5" cy="6" r="1" fill="currentColor" />
            <circle cx="4.5" cy="12" r="1" fill="currentColor" />
            <circle cx="4.5" cy="18" r="1" fill="currentColor" />
          </svg>,
        )}
        {button('Numbered list', state.ordered, () => chain().toggleOrderedList().run(), '1.')}
        <span className="rte__sep" aria-hidden="true" />
        {button(
          'Link',
          state.link || linkOpen,
          openLink,
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
            <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          </svg>,
        )}
      </div>
      {linkOpen && (
        <div className="rte__link">
          <label className="visually-hidden" htmlFor={`${editor.instanceId}-href`}>
            Link address
          </label>
          <input
            id={`${editor.instanceId}-href`}
            type="url"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyLink(e);
            }}
            placeholder="https://"
          />
          <button type="button" className="btn btn-primary btn-sm" onClick={applyLink}>
            Apply
          </button>
          {state.link && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
            >
              Remove link
            </button>
          )}
        </div>
      )}
    </>
  );
}
