/**
 * The client went away before its request was answered (closed the tab, cancelled the upload). It is
 * not a server fault: the error handler logs nothing more than the request line (status 499).
 */
export class ClientAbortedError extends Error {
  constructor() {
    super('The client closed the connection.');
    this.name = 'ClientAbortedError';
  }
}
