/**
 * Hands a downloaded file (a PDF fetched with the bearer token) to the browser as a download.
 * @example saveFile(await shop.account.invoice(orderId), `invoice-${orderId}.pdf`);
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
