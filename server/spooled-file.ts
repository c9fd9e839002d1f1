/** An uploaded file as the upload handler leaves it on disk for the import. */
export interface SpooledFile {
  /** 0-based position in the request. */
  index: number;
  /** As stored: a gzipped upload's name without its `.gz` ("run.fit" for "run.fit.gz"). */
  name: string;
  mimeType: string;
  /** Bytes of the activity file (a gzipped upload's decompressed bytes; before the spool's gzip). */
  size: number;
  sha256: string;
  /** The gzip-compressed copy on disk. */
  path: string;
  /** Why this file cannot be imported (unsupported, damaged gzip): its row fails, the others import. */
  problem?: string;
}
