import { describe, expect, it } from 'vitest';

import { allowedExtensions, checkUpload, formatFileSize, isAllowedFile, uploadSizeLimit } from './upload.js';

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe('upload rules', () => {
  it('takes one file only', () => {
    expect(checkUpload([])).toEqual({ code: 'error_file_count' });
    expect(checkUpload([file('a.png', 10, 'image/png'), file('b.png', 10, 'image/png')])).toEqual({ code: 'error_file_count' });
    expect(checkUpload([file('a.png', 10, 'image/png')])).toBeUndefined();
  });

  it('accepts svg, png, jpeg and ico by default, and lists their extensions when refusing', () => {
    expect(allowedExtensions()).toEqual(['svg', 'png', 'jpg', 'jpeg', 'ico']);
    expect(checkUpload([file('a.gif', 10, 'image/gif')])).toEqual({ code: 'error_file_type', extensions: ['svg', 'png', 'jpg', 'jpeg', 'ico'] });
    expect(checkUpload([file('a.gif', 10, 'image/gif')], { mimeTypes: ['image/gif'] })).toBeUndefined();
  });

  it('judges the type by what the browser reports, and by the extension when it reports nothing', () => {
    expect(isAllowedFile(file('favicon.ico', 10, 'image/x-icon'))).toBe(true);
    expect(isAllowedFile(file('photo.JPG', 10, 'image/jpeg'))).toBe(true);
    expect(isAllowedFile(file('logo.svg', 10, ''))).toBe(true);
    expect(isAllowedFile(file('logo.svg', 10, 'application/octet-stream'))).toBe(true);
    expect(isAllowedFile(file('page.html', 10, 'text/html'))).toBe(false);
    expect(isAllowedFile(file('noextension', 10, ''))).toBe(false);
    expect(isAllowedFile(file('page.png', 10, 'text/html'))).toBe(false);
  });

  it('limits the size to the smaller of the component maximum (500 KB for images) and the 20 MB cap', () => {
    expect(uploadSizeLimit()).toBe(500 * 1024);
    expect(uploadSizeLimit(50 * 1024 * 1024)).toBe(20 * 1024 * 1024);
    expect(checkUpload([file('a.png', 500 * 1024, 'image/png')])).toBeUndefined();
    expect(checkUpload([file('a.png', 500 * 1024 + 1, 'image/png')])).toEqual({ code: 'error_file_size', limit: 500 * 1024 });
    expect(checkUpload([file('a.png', 21 * 1024 * 1024, 'image/png')], { maxSize: 100 * 1024 * 1024 })).toEqual({ code: 'error_file_size', limit: 20 * 1024 * 1024 });
  });

  it('shows sizes in bytes, KB or MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(500 * 1024)).toBe('500 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
