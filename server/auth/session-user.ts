/** The signed-in user a request acts for, as the session middleware finds it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The session this request was made with (to end the others). */
  sessionId: string;
}
