/**
 * The share card's page and text layout: its 1200×630 size (the size link previews use), the
 * card font, the canvas it is drawn on and its PNG, the word wrapping that keeps every line
 * inside its box, and the file name a card is saved under.
 */
import { PRODUCT_NAME } from '../../../../core/product.ts';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
export const FONT = '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif';

export function font(weight: number, size: number): string {
  return `${weight} ${size}px ${FONT}`;
}

export function createCanvas(): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_CARD_WIDTH;
  canvas.height = SHARE_CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('This browser cannot draw the share card.');
  }
  return { canvas, context };
}

/** What the runner reads when the card's picture could not be made. */
export const SHARE_CARD_FAILED = 'The share card could not be made.';

export function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(SHARE_CARD_FAILED))), 'image/png');
  });
}

/**
 * Up to `maxLines` lines of text within `maxWidth`, the last one cut with an ellipsis when more text
 * follows. Only the context's text measure is used (with its current font), so the wrapping is
 * testable without a canvas.
 */
export function wrapText(
  context: Pick<CanvasRenderingContext2D, 'measureText'>,
  text: string,
  maxWidth: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width <= maxWidth || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) {
    lines.push(line);
  }
  // A line still too wide (one long word) is cut too, on whichever line it falls: no text runs off the card.
  return lines.slice(0, maxLines).map((kept, index) => {
    let cut = index === maxLines - 1 && lines.length > maxLines ? `${kept} …` : kept;
    while (cut.length > 1 && context.measureText(cut).width > maxWidth) {
      cut = `${cut.slice(0, -2).trimEnd()}…`;
    }
    return cut;
  });
}

export function safeFileName(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${PRODUCT_NAME.toLowerCase()}-${slug || 'card'}.png`;
}
