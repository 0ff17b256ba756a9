import { isHttpUrl } from '../../../shared/domain/web-values';
import { createHash } from 'node:crypto';

/** A media item (CONTRACT §1.1, §6.7, §9.8): an image URL known to the service. */
export interface MediaItem {
  id: number;
  url: string;
  urlHash: string;
  extension: string;
  authorId: number;
  createdUtc: string;
}

/** The wire shape of an image (§6.7). */
export interface ImageWire {
  url: string;
  id: number;
  extension: string;
}

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'tif', 'tiff', 'ico', 'heic'];

export const urlHashOf = (url: string) => createHash('sha256').update(url).digest('hex');

/** What an `image` value asks for (§9.8), before any look-up. */
type ImageRequest =
  | { kind: 'unchanged' }
  | { kind: 'remove' }
  | { kind: 'id'; id: number }
  | { kind: 'url'; url: string; extension: string }
  | { kind: 'invalid' };

/** Classifies an `image` value without touching storage. */
export function classifyImageInput(value: unknown): ImageRequest {
  if (value === undefined) return { kind: 'unchanged' };
  if (value === null || value === '' || value === 0 || value === false) return { kind: 'remove' };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 1 ? { kind: 'id', id: value } : { kind: 'invalid' };
  }
  if (typeof value !== 'string') return { kind: 'invalid' };
  const text = value.trim();
  // Stryker disable next-line Regex: equivalent without the end anchor, digits followed by more are no safe integer and no URL either: invalid both ways
  if (/^\d+$/.test(text)) {
    if (/^0+$/.test(text)) return { kind: 'remove' };
    const id = Number(text);
    return Number.isSafeInteger(id) && text.replace(/^0+/, '').length <= 15 ? { kind: 'id', id } : { kind: 'invalid' };
  }
  // The same URL rule as websites (web-values): nothing a URL never holds raw (`#<script>` is refused), ≤ 2,048.
  if (!isHttpUrl(text)) return { kind: 'invalid' };
  const parsed = new URL(text);
  const match = /\.([A-Za-z0-9]+)$/.exec(parsed.pathname);
  const extension = match?.[1].toLowerCase();
  if (!extension || !IMAGE_EXTENSIONS.includes(extension)) return { kind: 'invalid' };
  return { kind: 'url', url: text, extension };
}

export function presentImage(media: Pick<MediaItem, 'url' | 'id' | 'extension'> | undefined | null): ImageWire | false {
  if (!media) return false;
  return { url: media.url, id: media.id, extension: media.extension };
}
