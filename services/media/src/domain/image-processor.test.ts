import sharp from 'sharp';
import { createImageProcessor, sniffImageFormat } from './image-processor';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7' } });

describe('sniffImageFormat', () => {
  test.each([
    ['png', () => solid(4, 4).png().toBuffer()],
    ['jpeg', () => solid(4, 4).jpeg().toBuffer()],
    ['gif', () => solid(4, 4).gif().toBuffer()],
    ['webp', () => solid(4, 4).webp().toBuffer()],
  ])('recognises %s by its leading bytes', async (format, make) => {
    expect(sniffImageFormat(await make())).toBe(format);
  });

  test.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WebP (WAV)', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
    ['half a PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ])('recognises nothing in %s', (_name, bytes) => {
    expect(sniffImageFormat(bytes)).toBeUndefined();
  });
});

describe('encodeVariants', () => {
  test('refuses an image above the pixel ceiling before decoding it', async () => {
    const processor = createImageProcessor({ maxPixels: 100 * 100 });
    const result = await processor.encodeVariants(await solid(101, 100).png().toBuffer());
    expect(result).toEqual({ ok: false, reason: 'too-many-pixels' });
  });

  test('refuses a file whose signature and content disagree', async () => {
    const processor = createImageProcessor();
    const png = await solid(20, 20).png().toBuffer();
    const lying = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png.subarray(3)]);
    const result = await processor.encodeVariants(lying);
    expect(result.ok).toBe(false);
  });

  test('keeps transparency and writes WebP without any metadata', async () => {
    const processor = createImageProcessor();
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .withMetadata({ density: 300 })
      .toBuffer();
    const result = await processor.encodeVariants(png);
    if (!result.ok) throw new Error(result.reason);
    const meta = await sharp(result.variants.card.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 50, height: 40, hasAlpha: true });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  test('keeps the first frame of an animated GIF', async () => {
    const processor = createImageProcessor();
    const frames = await Promise.all(['#f00', '#00f'].map((c) => sharp({ create: { width: 30, height: 20, channels: 3, background: c } }).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const result = await processor.encodeVariants(gif);
    if (!result.ok) throw new Error(result.reason);
    const meta = await sharp(result.variants.detail.bytes).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([30, 20, 1]);
    const { data } = await sharp(result.variants.detail.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
  });

  test('decodes at most `concurrency` images at once, the rest in turn', async () => {
    const processor = createImageProcessor({ concurrency: 1 });
    const images = await Promise.all([1, 2, 3].map((n) => solid(300 * n, 200).png().toBuffer()));
    const results = await Promise.all(images.map((bytes) => processor.encodeVariants(bytes)));
    expect(results.map((r) => r.ok && r.variants.card.width)).toEqual([300, 400, 400]);
  });
});
