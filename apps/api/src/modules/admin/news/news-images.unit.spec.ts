import {
  decodeNewsImage,
  MAX_NEWS_IMAGE_BYTES,
  newNewsImageKey,
  NEWS_IMAGE_TOKEN,
  NEWS_IMAGE_UNREADABLE,
} from './news-images';

const url = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');

describe('news pictures (money 2.5)', () => {
  it('takes PNG, JPEG, WebP and GIF by their bytes, with their type', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(decodeNewsImage(url('image/png', png))).toEqual({ bytes: png, type: 'image/png' });
    expect(decodeNewsImage(url('image/jpeg', jpeg)).type).toBe('image/jpeg');
    expect(decodeNewsImage(url('image/webp', webp)).type).toBe('image/webp');
    expect(decodeNewsImage(` ${url('image/gif', gif)}\n`).type).toBe('image/gif');
  });

  it('refuses other types, bytes that are not what the type says, and pictures over 2 MB', () => {
    for (const bad of [
      url('image/svg+xml', Buffer.from('<svg/>')),
      url('image/png', jpeg),
      url('image/webp', gif),
      'data:image/png,plain',
      'hello',
      url('text/html', gif),
    ]) {
      expect(() => decodeNewsImage(bad)).toThrow(NEWS_IMAGE_UNREADABLE);
    }
    expect(() =>
      decodeNewsImage(url('image/jpeg', Buffer.concat([jpeg, Buffer.alloc(MAX_NEWS_IMAGE_BYTES)]))),
    ).toThrow('The image must be at most 2 MB.');
  });

  it('keys each picture with 128 random bits', () => {
    const keys = new Set(Array.from({ length: 100 }, newNewsImageKey));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(k.replace(/^news\//, '')).toMatch(NEWS_IMAGE_TOKEN);
  });
});
