// An upload becomes the files that are served: the type is decided by the first bytes (never
// the Content-Type or a name); sharp decodes it with a pixel limit and refuses corrupt input;
// each width is a fresh WebP encode of the decoded pixels, so nothing of the upload but its
// pixels leaves (no EXIF, GPS, ICC comments or appended bytes: sharp keeps no metadata
// unless asked).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { refuse, type Outcome } from '../lib/outcome.js';
import { DASHBOARD_ERRORS } from '../lib/http/messages.js';

// One libvips thread per job: the resize queue runs one job per core.
sharp.concurrency(1);

/** The widths served; an image narrower than the widest gets its own width instead, never upscaled. */
export const IMAGE_WIDTHS = [320, 640, 1080] as const;
/** sharp's limitInputPixels: width × height of the upload. */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The type the bytes say they are: JPEG (FF D8 FF), PNG (its 8-byte signature) or WebP (RIFF....WEBP). */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (offset: number, signature: number[]) => signature.every((b, i) => bytes[offset + i] === b);
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

export interface Variant {
  width: number;
  height: number;
  hash: string;
  bytes: Buffer;
}

export type ImageRefusal = 'image_type_unsupported' | 'image_unreadable' | 'image_too_many_pixels';

const refusal = (code: ImageRefusal) => refuse(code, DASHBOARD_ERRORS[code].error);

// sharp's text when limitInputPixels stops it (read from the header, before any decoding).
const overLimit = (error: unknown) => error instanceof Error && /exceeds pixel limit/i.test(error.message);

export function widthsFor(sourceWidth: number): number[] {
  const widest = Math.min(sourceWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  return [...IMAGE_WIDTHS.filter((w) => w < widest), widest];
}

export async function processImage(bytes: Buffer): Promise<Outcome<Variant[], ImageRefusal>> {
  const kind = sniffImage(bytes);
  if (!kind) return refusal('image_type_unsupported');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true });
  let width: number;
  try {
    // The header first: a huge image is refused before a pixel is decoded.
    const meta = await input().metadata();
    if (meta.format !== kind || !meta.width || !meta.height) return refusal('image_unreadable');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) return refusal('image_too_many_pixels');
    width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  } catch (error) {
    return refusal(overLimit(error) ? 'image_too_many_pixels' : 'image_unreadable');
  }
  const variants: Variant[] = [];
  try {
    for (const target of widthsFor(width)) {
      // rotate(): EXIF orientation applied to the pixels, since the EXIF itself is dropped.
      const { data, info } = await input().rotate().resize({ width: target, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, hash: createHash('sha256').update(data).digest('hex'), bytes: data });
    }
  } catch (error) {
    return refusal(overLimit(error) ? 'image_too_many_pixels' : 'image_unreadable');
  }
  return { ok: true, value: variants };
}
