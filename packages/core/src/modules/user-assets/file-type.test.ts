import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { detectFileType, extensionOf, typeOfExtension } from './file-type.js';
import { UserAssetStore } from './user-assets.service.js';

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'utf8');

describe('detectFileType', () => {
  it('recognizes each accepted type by its content', () => {
    expect(detectFileType(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'))).toBe('image/png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(detectFileType(text('GIF89a\u0001\u0000'))).toBe('image/gif');
    expect(detectFileType(Buffer.concat([text('RIFF'), bytes(1, 0, 0, 0), text('WEBPVP8 ')]))).toBe('image/webp');
    expect(detectFileType(Buffer.concat([text('BM'), Buffer.alloc(30)]))).toBe('image/bmp');
    expect(detectFileType(bytes(0x49, 0x49, 0x2a, 0, 8, 0, 0, 0))).toBe('image/tiff');
    expect(detectFileType(bytes(0, 0, 1, 0, 1, 0, 16, 16))).toBe('image/vnd.microsoft.icon');
    expect(detectFileType(Buffer.concat([text('PK'), bytes(3, 4), Buffer.alloc(26)]))).toBe('application/zip');
  });

  it('recognizes SVG documents after a declaration, comments, a doctype or a byte order mark', () => {
    expect(detectFileType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(detectFileType(text('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg>\n</svg>'))).toBe('image/svg+xml');
  });

  it('refuses anything else, whatever name it came with', () => {
    expect(detectFileType(text('hello'))).toBeUndefined();
    expect(detectFileType(text('<html><svg></svg></html>'))).toBeUndefined();
    expect(detectFileType(text('<svgx>'))).toBeUndefined();
    expect(detectFileType(Buffer.concat([text('<svg>'), bytes(0)]))).toBeUndefined();
    expect(detectFileType(bytes(0, 0, 1, 0, 0, 0))).toBeUndefined();
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
  });

  it('maps stored extensions back to their types', () => {
    expect(extensionOf('image/jpeg')).toBe('jpg');
    expect(typeOfExtension('svg')).toBe('image/svg+xml');
    expect(typeOfExtension('jpeg')).toBeUndefined();
    expect(typeOfExtension('html')).toBeUndefined();
  });
});

describe('UserAssetStore', () => {
  it('is ready on a writable directory and not configured where no directory can be made', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'gatehouse-assets-'));
    try {
      expect((await new UserAssetStore(path.join(root, 'nested', 'assets')).status()).status).toBe('ready');
      writeFileSync(path.join(root, 'a-file'), 'x');
      const blocked = await new UserAssetStore(path.join(root, 'a-file', 'assets')).status();
      expect(blocked).toEqual({ status: 'not_configured', allowUploadMimeTypes: expect.arrayContaining(['image/png', 'image/svg+xml']), maxUploadFileSize: 20 * 1024 * 1024 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('opens only names it could have written', async () => {
    const store = new UserAssetStore(tmpdir());
    expect(await store.open('default', '../../etc/passwd')).toBeUndefined();
    expect(await store.open('default', 'abcdefghijklmnopqrstu.html')).toBeUndefined();
    expect(await store.open('default', 'abcdefghijklmnopqrstu.png')).toBeUndefined();
  });
});
