/**
 * The small page behind a mail's unsubscribe link: a sentence, and on the confirming page a button
 * that posts the RFC 8058 one-click body, so opening the link (as mail scanners do) changes nothing.
 * Rendered by the server, so it works without the web app's scripts; in Stride's dark colours
 * (web/src/lib/palette.ts).
 */
import { escapeHtml } from '../../core/mailings/mail-body.ts';
import {
  ONE_CLICK_BODY_FIELD,
  ONE_CLICK_BODY_VALUE,
  UNSUBSCRIBE_MESSAGES,
} from '../../core/mailings/mail-preferences.ts';

const STYLE = `
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #0e1116; color: #f0f6fc; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { box-sizing: border-box; width: min(440px, calc(100vw - 32px)); padding: 32px 24px; border-radius: 12px;
    background: #161b22; border: 1px solid rgba(240, 246, 252, 0.1); }
  .brand { margin: 0 0 16px; color: #ff7a3d; font-size: 20px; font-weight: 700; }
  h1 { margin: 0 0 12px; font-size: 24px; }
  p { margin: 0 0 24px; line-height: 1.5; color: #f0f6fc; }
  main > p:last-child { margin-bottom: 0; }
  button { width: 100%; padding: 12px 16px; border: 0; border-radius: 8px; background: #ff7a3d; color: #14100d;
    font: inherit; font-weight: 600; cursor: pointer; }
  button:focus-visible { outline: 2px solid #f0f6fc; outline-offset: 2px; }
`;

/** The page with `message`, and the one-click button when `postTo` is given. */
export function unsubscribePage(message: string, postTo?: string): string {
  const form =
    postTo === undefined
      ? ''
      : `<form method="post" action="${escapeHtml(postTo)}">` +
        `<input type="hidden" name="${ONE_CLICK_BODY_FIELD}" value="${ONE_CLICK_BODY_VALUE}">` +
        `<button type="submit">${escapeHtml(UNSUBSCRIBE_MESSAGES.button)}</button></form>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escapeHtml(UNSUBSCRIBE_MESSAGES.pageTitle)} · Stride</title><style>${STYLE}</style></head>` +
    `<body><main><p class="brand">Stride</p><h1>${escapeHtml(UNSUBSCRIBE_MESSAGES.pageTitle)}</h1>` +
    `<p>${escapeHtml(message)}</p>${form}</main></body></html>`
  );
}
