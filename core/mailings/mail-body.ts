/**
 * One layout for every mail Stride sends: the same content as plain text and as simple HTML
 * (headings, lines, one link to act on), and the footer with the unsubscribe link that every mail
 * carries. The HTML escapes everything it is given.
 */
import { unsubscribeFooter, type MailPreference } from './mail-preferences.ts';

export interface MailSection {
  heading: string;
  lines: readonly string[];
}

export interface MailContent {
  subject: string;
  /** The first paragraph. */
  intro: string;
  sections: readonly MailSection[];
  /** A link to open Stride at the right page. */
  action?: { label: string; url: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The mail as text and HTML, ending with the footer naming `preference` and its unsubscribe link. */
export function renderMail(content: MailContent, preference: MailPreference, unsubscribeUrl: string): RenderedMail {
  const footer = unsubscribeFooter(preference);
  const textParts = [content.intro];
  for (const section of content.sections) {
    textParts.push([section.heading, ...section.lines].join('\n'));
  }
  if (content.action) {
    textParts.push(`${content.action.label}: ${content.action.url}`);
  }
  textParts.push(`--\n${footer}\n${unsubscribeUrl}`);

  const htmlParts = [`<p>${escapeHtml(content.intro)}</p>`];
  for (const section of content.sections) {
    htmlParts.push(
      `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.heading)}</h2>`,
      `<ul style="margin:0;padding-left:20px">${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    );
  }
  if (content.action) {
    htmlParts.push(`<p><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a></p>`);
  }
  htmlParts.push(
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeUrl)}</a></p>`,
  );
  return {
    subject: content.subject,
    text: `${textParts.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.4">${htmlParts.join('')}</body></html>`,
  };
}
