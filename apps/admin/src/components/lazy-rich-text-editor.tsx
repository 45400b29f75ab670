import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';
import './rich-text-editor.css';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The editor on its own chunk; a plain box holds its place while it loads. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="rte rte--loading" aria-busy="true" aria-labelledby={props.labelId} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
