import { storageSettings } from './storage-settings';

describe('storage settings (ADR 0050)', () => {
  it('is the local disk unless told otherwise', () => {
    expect(storageSettings({})).toEqual({ kind: 'local', dir: '.data/storage' });
    expect(storageSettings({ KILN_STORAGE: 'local', KILN_STORAGE_DIR: '/srv/kiln' })).toEqual({ kind: 'local', dir: '/srv/kiln' });
  });

  it('reads an S3-compatible bucket from KILN_S3_*', () => {
    expect(
      storageSettings({
        KILN_STORAGE: 's3',
        KILN_S3_ENDPOINT: 'http://127.0.0.1:9000',
        KILN_S3_BUCKET: 'media',
        KILN_S3_REGION: 'eu-west-3',
        KILN_S3_ACCESS_KEY_ID: 'id',
        KILN_S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({ kind: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'media', region: 'eu-west-3', accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(storageSettings({ KILN_STORAGE: 's3', KILN_S3_BUCKET: 'media' })).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('refuses a configuration it cannot use, at start', () => {
    expect(() => storageSettings({ KILN_STORAGE: 'ftp' })).toThrow('KILN_STORAGE must be local or s3, not ftp');
    expect(() => storageSettings({ KILN_STORAGE: 's3' })).toThrow('KILN_STORAGE=s3 needs KILN_S3_BUCKET');
    expect(() => storageSettings({ KILN_STORAGE: 's3', KILN_S3_BUCKET: 'b', KILN_S3_ACCESS_KEY_ID: 'id' })).toThrow('go together');
  });
});
