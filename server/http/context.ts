/** The Hono environment of every route: the signed-in user, set by the session middleware. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The session this request was made with (to end the others). */
  sessionId: string;
}

export interface AppEnv {
  Variables: {
    user: SessionUser;
  };
}
