import { describe, expect, it } from 'vitest';
import {
  cleanUploadFileName,
  isValidUploadFolder,
  UPLOAD_FOLDER_MESSAGE,
  uploadFolderSchema,
  uploadPath,
} from './upload-name.ts';

describe('cleanUploadFileName', () => {
  it('keeps a simple name as it is', () => {
    expect(cleanUploadFileName('photo.png')).toBe('photo.png');
    expect(cleanUploadFileName('my_file-v2.PDF')).toBe('my_file-v2.PDF');
    expect(cleanUploadFileName('README')).toBe('README');
  });

  it('keeps only the first segment and the original extension', () => {
    expect(cleanUploadFileName('archive.tar.gz')).toBe('archive.gz');
    expect(cleanUploadFileName('report.final.v3.docx')).toBe('report.docx');
  });

  it('removes characters other than letters, digits, hyphen and underscore', () => {
    expect(cleanUploadFileName('My photo (1).png')).toBe('Myphoto1.png');
    expect(cleanUploadFileName('a&b;c|d$e`f.p n g')).toBe('abcdef.png');
    expect(cleanUploadFileName('résumé.pdf')).toBe('resume.pdf');
  });

  it("falls back to 'file' when nothing of the name survives", () => {
    expect(cleanUploadFileName('')).toBe('file');
    expect(cleanUploadFileName('...')).toBe('file');
    expect(cleanUploadFileName('日本語.png')).toBe('file.png');
    expect(cleanUploadFileName('.env')).toBe('file.env');
    expect(cleanUploadFileName('@@@.###')).toBe('file');
  });

  it('drops a trailing dot', () => {
    expect(cleanUploadFileName('notes.')).toBe('notes');
  });

  it('never lets a path through', () => {
    for (const hostile of [
      '../../etc/passwd',
      '..\\..\\windows\\system32\\config',
      '/etc/shadow',
      'a/../../b.txt',
      '..',
      '.../...',
      'x.../..',
      'C:\\Users\\me\\photo.png',
      'evil\u0000.png',
    ]) {
      const cleaned = cleanUploadFileName(hostile);
      expect(cleaned).toMatch(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)?$/);
      expect(cleaned).not.toContain('..');
    }
    expect(cleanUploadFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanUploadFileName('C:\\Users\\me\\photo.png')).toBe('photo.png');
  });

  it('cuts very long names', () => {
    const cleaned = cleanUploadFileName(`${'a'.repeat(500)}.${'b'.repeat(50)}`);
    expect(cleaned).toBe(`${'a'.repeat(100)}.${'b'.repeat(20)}`);
  });
});

describe('upload folders', () => {
  it('accepts relative folders made of safe names', () => {
    for (const folder of ['tasks', 'tasks/123e4567-e89b', 'a/b/c', 'user_1/avatars']) {
      expect(isValidUploadFolder(folder)).toBe(true);
      expect(uploadFolderSchema.parse(folder)).toBe(folder);
    }
  });

  it('rejects anything that could leave the storage root or is malformed', () => {
    for (const folder of [
      '',
      '/tasks',
      'tasks/',
      'a//b',
      '..',
      'a/../b',
      './a',
      'a/.',
      'a\\b',
      'a b',
      'a%2F..',
    ]) {
      expect(isValidUploadFolder(folder)).toBe(false);
      const result = uploadFolderSchema.safeParse(folder);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UPLOAD_FOLDER_MESSAGE);
    }
  });
});

describe('uploadPath', () => {
  it('joins folder, random id and cleaned name', () => {
    expect(uploadPath('tasks/42', 'f3a9c1', 'My photo.PNG')).toBe('tasks/42/f3a9c1-Myphoto.PNG');
    expect(uploadPath('docs', 'id_1', '../../etc/passwd')).toBe('docs/id_1-passwd');
  });

  it('throws on a bad folder', () => {
    expect(() => uploadPath('../secrets', 'abc', 'a.png')).toThrow(/Invalid upload folder/);
    expect(() => uploadPath('/abs', 'abc', 'a.png')).toThrow(/Invalid upload folder/);
    expect(() => uploadPath('', 'abc', 'a.png')).toThrow(/Invalid upload folder/);
  });

  it('throws on a random id that could change the path', () => {
    expect(() => uploadPath('docs', '../x', 'a.png')).toThrow(/Invalid upload id/);
    expect(() => uploadPath('docs', '', 'a.png')).toThrow(/Invalid upload id/);
  });
});
