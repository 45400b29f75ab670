import { api, http, HttpResponse, server } from './server';

/** jsdom has no object URLs or downloads: the spied click's anchor has the name a browser would save the file as. */
export function catchDownloads() {
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => undefined;
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
}

/** Answers GET `path` (an invoice, a credit note) with a PDF; `asked.authorization` is the header it came with. */
export function servePdf(path: string) {
  const asked = { authorization: null as string | null };
  server.use(
    http.get(api(path), ({ request }) => {
      asked.authorization = request.headers.get('authorization');
      return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    }),
  );
  return asked;
}
