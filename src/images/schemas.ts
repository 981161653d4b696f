// TypeBox contracts of the product image routes of the dashboard (openapi/dashboard.json).
import { Type } from 'typebox';
import { Id } from '../lib/http/schema-parts.js';
import { MAX_IMAGES_PER_PRODUCT } from './product-images.js';


export const ProductIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export const ProductImageParams = Type.Object({ id: Id, imageId: Id }, { additionalProperties: false });

export const ImageFileSchema = Type.Object(
  {
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
    url: Type.String({ description: 'Path of the WebP file on this server, under a random name: `/images/{token}-{width}.webp`. Served with `X-Content-Type-Options: nosniff` and `Cache-Control: public, max-age=31536000, immutable`.', examples: ['/images/q3Zk1Xb0yPqZ8m2Vd9sT4w-640.webp'] }),
  },
  { additionalProperties: false },
);

const Urls = Type.Array(ImageFileSchema, { description: 'The WebP widths of the image, narrowest first: 320, 640 and 1080 pixels, each only when the upload is wider; an upload narrower than 1080 adds its own width instead (never upscaled).' });

export const AddedImageBody = Type.Object({ id: Id, urls: Urls }, { additionalProperties: false });

export const ImageListBody = Type.Object(
  {
    images: Type.Array(Type.Object({ id: Id, position: Type.Integer({ minimum: 0, description: '0 is the first (the main image).' }), urls: Urls }, { additionalProperties: false }), {
      maxItems: MAX_IMAGES_PER_PRODUCT,
      description: 'In their order.',
    }),
  },
  { additionalProperties: false },
);

export const ReorderBody = Type.Object(
  {
    order: Type.Array(Id, { maxItems: MAX_IMAGES_PER_PRODUCT, description: "Every image id of the product, once each, in the new order (422 `invalid_request` with `fields.order` otherwise)." }),
  },
  { additionalProperties: false },
);
