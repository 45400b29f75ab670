import { useEffect } from 'react';
import { config } from '../config';

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Each page names itself in the tab and in search results: `<title>` and the meta description. */
export function usePageMeta(title: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title === config.brand ? title : `${title} | ${config.brand}`;
    if (description) setMeta('description', description);
  }, [title, description]);
}
