/** A file answered as a download (server/http/download.ts): its name, its type and its bytes. */
export interface Download {
  filename: string;
  contentType: string;
  body: Uint8Array | string;
}
