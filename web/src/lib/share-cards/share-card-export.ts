/**
 * The way a finished card leaves the app: the system share sheet where the browser can share
 * files, otherwise a download.
 */

export interface ShareCard {
  blob: Blob;
  fileName: string;
  title: string;
}

/**
 * Offers the card: the share sheet where the browser can share files, otherwise a download.
 * Says 'cancelled' when the reader closed the share sheet without sharing.
 */
export async function shareOrDownload(card: ShareCard): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const file = new File([card.blob], card.fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: card.title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        return 'cancelled';
      }
      // Sharing refused for another reason (no user activation left, policy): download instead.
    }
  }
  const url = URL.createObjectURL(card.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = card.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: the download starts asynchronously from the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}
