/** An uploaded file as the upload handler leaves it on disk for the import. */
export interface SpooledFile {
  /** 0-based position in the request. */
  index: number;
  name: string;
  mimeType: string;
  /** Bytes as uploaded (before gzip). */
  size: number;
  sha256: string;
  /** The gzip-compressed copy on disk. */
  path: string;
}
