import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  type FileLimits,
  sanitizeFilename,
  sniffContentType,
  uniqueEntryNames,
} from './rules.ts';

const limits: FileLimits = { printMaxBytes: 200, photoMaxBytes: 20, userQuotaBytes: 100 };
const jpegHeader = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe('sniffContentType', () => {
  it('knows JPEG, PNG, TIFF (both byte orders) and PDF from their bytes', () => {
    expect(sniffContentType(jpegHeader)).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(sniffContentType(Buffer.from('49492a00', 'hex'))).toBe('image/tiff');
    expect(sniffContentType(Buffer.from('4d4d002a', 'hex'))).toBe('image/tiff');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('does not know an executable, whatever it is called', () => {
    expect(sniffContentType(Buffer.from('7f454c46020101', 'hex'))).toBeNull(); // ELF
    expect(sniffContentType(Buffer.from('4d5a9000', 'hex'))).toBeNull(); // Windows MZ
    expect(sniffContentType(Buffer.from('#!/bin/sh\n'))).toBeNull();
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
  });
});

describe('sanitizeFilename', () => {
  it('refuses paths and control characters', () => {
    for (const name of [
      '../../etc/passwd',
      '..\\boot.ini',
      'a/b.jpg',
      '..',
      '.',
      '',
      '   ',
      'a\u0000.jpg',
      '..hidden',
    ])
      expect(sanitizeFilename(name), JSON.stringify(name)).toBeNull();
  });

  it('keeps ordinary names (Chinese too), trimmed, spaces collapsed, long ones cut keeping the extension', () => {
    expect(sanitizeFilename('  社課 照片\t1.JPG ')).toBe('社課 照片 1.JPG');
    const long = sanitizeFilename(`${'長'.repeat(300)}.jpeg`);
    expect([...(long ?? '')].length).toBe(120);
    expect(long?.endsWith('.jpeg')).toBe(true);
  });
});

describe('checkUpload', () => {
  const base = {
    objname: 'workshopform',
    application: 1,
    size: 10,
    sniffed: 'image/jpeg',
    usedBytes: 0,
    limits,
  } as const;
  it('refuses empty, too large, unknown format and over quota, in that order', () => {
    expect(checkUpload({ ...base, size: 0, sniffed: null })).toBe('empty');
    expect(checkUpload({ ...base, size: 21, sniffed: null })).toBe('toolarge');
    expect(checkUpload({ ...base, sniffed: null })).toBe('unknown format');
    expect(checkUpload({ ...base, usedBytes: 95 })).toBe('quota');
    expect(checkUpload(base)).toBeNull();
  });

  it('takes PDFs only as print pages (applications 1 and 10), and print pages up to the larger cap', () => {
    expect(checkUpload({ ...base, sniffed: 'application/pdf' })).toBe('unknown format');
    expect(checkUpload({ ...base, objname: 'printproject', sniffed: 'application/pdf' })).toBeNull();
    expect(
      checkUpload({ ...base, objname: 'printproject', application: 11, sniffed: 'application/pdf' }),
    ).toBe('unknown format');
    expect(checkUpload({ ...base, objname: 'printproject', size: 90 })).toBeNull();
  });
});

describe('uniqueEntryNames', () => {
  it('numbers repeated names and never lets a path through', () => {
    expect(uniqueEntryNames(['a.jpg', 'A.jpg', 'a.jpg', '../x.jpg'])).toEqual([
      'a.jpg',
      'A (2).jpg',
      'a (3).jpg',
      'file',
    ]);
  });
});
