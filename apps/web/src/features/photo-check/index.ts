export { usePhotoCheck, PHOTO_CHECK_MSG, type PhotoDecision } from './use-photo-check';
