/**
 * An image the shop's media service stored: its own `/media/<id>/<variant>.webp` path, never an
 * outside URL. Staff pages show avatars and return photos; an outside URL would tell its owner who
 * looked and when (and a path with `..` could point the browser elsewhere in the shop).
 */
export const SHOP_IMAGE_PATH = /^\/media\/[0-9a-f]{32}\/(card|detail)\.webp$/;

/** Whether a value is such a path. */
export const isShopImagePath = (value: unknown): value is string => typeof value === 'string' && SHOP_IMAGE_PATH.test(value);

/** Why an upload is made: the uploader's avatar (anyone signed in) or a product picture (staff only). */
export const UPLOAD_PURPOSES = ['avatar', 'product'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const uploadPurposeMessage = "purpose must be 'avatar' or 'product'";
