import { UPLOAD_TEXTS, fileTooLarge } from '@kiln/contracts/constants';
import { checkUpload, uploadLimitOf } from './upload-checks';
import { summarise, summaryTexts, type UploadEntry } from './use-uploads';

const MB = 1024 * 1024;

describe('the checks before an upload is sent (spec 001 §5; ADR 0056)', () => {
  it('takes images of 3 MB by the Add button and 10 MB by the dropzone', () => {
    expect(uploadLimitOf('image', 'button')).toBe(3 * MB);
    expect(uploadLimitOf('image', 'dropzone')).toBe(10 * MB);
    expect(checkUpload('image', { name: 'a.PNG', size: 3 * MB }, 'button')).toBeNull();
    expect(checkUpload('image', { name: 'a.png', size: 3 * MB + 1 }, 'button')).toEqual({ reason: 'size', message: fileTooLarge(3 * MB) });
    expect(checkUpload('image', { name: 'a.png', size: 3 * MB + 1 }, 'dropzone')).toBeNull();
    expect(checkUpload('image', { name: 'a.webp', size: 10 * MB + 1 }, 'dropzone')?.reason).toBe('size');
  });

  it('refuses other extensions with the server’s sentence, per kind', () => {
    expect(checkUpload('image', { name: 'a.svg', size: 1 }, 'button')).toEqual({
      reason: 'extension',
      message: 'Only .png, .jpeg, .jpg, .webp, .gif files can be uploaded as images.',
    });
    expect(checkUpload('vector', { name: 'plan.dxf', size: 1 }, 'dropzone')).toBeNull();
    expect(checkUpload('vector', { name: 'plan', size: 1 }, 'dropzone')?.reason).toBe('extension');
    expect(checkUpload('vector', { name: 'big.svg', size: 3 * MB + 1 }, 'dropzone')?.reason).toBe('size');
    expect(checkUpload('object3d', { name: 'part.STP', size: 200 * MB }, 'button')).toBeNull();
    expect(checkUpload('object3d', { name: 'part.fbx', size: 1 }, 'button')?.reason).toBe('extension');
    expect(checkUpload('font', { name: 'Inter.ttf', size: 1 }, 'button')).toBeNull();
    // "toString" is no extension of any kind, whatever objects inherit.
    expect(checkUpload('font', { name: 'a.toString', size: 1 }, 'button')?.reason).toBe('extension');
  });
});

const entry = (state: UploadEntry['state']): UploadEntry => ({ key: state + Math.random(), name: 'f', size: 1, state, loaded: 0 });

describe('the upload notification’s texts (spec 001 §8)', () => {
  it('counts while uploading, refused files counted as finished and failed', () => {
    const summary = summarise([entry('done'), entry('sending'), entry('waiting'), entry('failed')]);
    expect(summary).toEqual({ total: 4, finished: 2, succeeded: 1, failed: 1, running: true });
    expect(summaryTexts(summary)).toEqual({ uploading: ['Uploading', '2/4 file(s) uploading'] });
  });

  it('says success and failure when done, each exactly as the spec writes it', () => {
    expect(summaryTexts(summarise([entry('done'), entry('done'), entry('failed')]))).toEqual({
      success: ['Upload Success', '2/3 file(s) successfully uploaded'],
      failed: ['Upload Failed', '1 file(s) failed to upload'],
    });
    expect(summaryTexts(summarise([entry('failed')]))).toEqual({ success: undefined, failed: [UPLOAD_TEXTS.failed, '1 file(s) failed to upload'] });
    expect(summaryTexts(summarise([]))).toEqual({});
  });
});
