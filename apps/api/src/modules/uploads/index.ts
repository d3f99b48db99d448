/**
 * Shared by the modules that take uploads (cases, claims): the files' inspection and the storage_pending records
 * (ADR 035). Not a Fastify plugin: nothing to register.
 */
// The module's public face (ADR 068): other modules import these from '../uploads', never its files.
export { discardFiles, reserveFiles, settleFile, releaseFile, sweepPendingFiles } from './pending';
export { inspectUpload, sha256, type InspectedFile } from './inspect';
export { QUALITY_COLUMNS, qualityColumns, qualityDtoOfRow, qualityOfRow } from './photo-quality';
