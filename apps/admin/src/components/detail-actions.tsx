import type { ReactNode } from 'react';
import { storefrontHref } from '../config';
import { ExternalIcon, TrashIcon } from './icons';

/**
 * A detail page's header buttons: the item as shoppers see it (a new tab) and Delete, which opens the page's confirm
 * dialog. A page's own buttons (a blog's Edit) come first, as children.
 */
export function DetailActions({ shopPath, onDelete, children }: { shopPath: string; onDelete: () => void; children?: ReactNode }) {
  return (
    <>
      {children}
      <a href={storefrontHref(shopPath)} className="btn btn-outline" target="_blank" rel="noreferrer">
        <ExternalIcon size={18} /> On the shop
      </a>
      <button type="button" className="btn btn-danger" onClick={onDelete}>
        <TrashIcon size={18} /> Delete
      </button>
    </>
  );
}
