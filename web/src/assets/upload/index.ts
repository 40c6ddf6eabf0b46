/**
 * The upload UI every library uses (spec 001 §4, §5, §8; ADR 0056), generic over the kind of upload: `useUploads`
 * (checks, one request a file with its progress, three at a time, then `onStored` with the media), the
 * `UploadDropzone` (drag and drop and the Add button) and the `UploadNotice` (the spec's texts).
 */
export { useUploads, summarise, summaryTexts, isFinished, PARALLEL_UPLOADS, type UploadEntry, type UploadSummary, type UploadsOptions } from './use-uploads';
export { UploadDropzone } from './UploadDropzone';
export { UploadNotice } from './UploadNotice';
export { checkUpload, uploadLimitOf, type UploadRefusal, type UploadVia } from './upload-checks';
export { sendUpload } from './upload-request';
