import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ACTIVITY_IMPORT_MAPPING_MAX_BYTES,
  ACTIVITY_IMPORT_MESSAGES as M,
  ZColumnMapping,
  ZImportParams,
  ZImportPreviewQuery,
  type ImportConfirmResponse,
  type ImportPreviewResponse,
  type ImportUndoResponse,
} from '../../../contracts/activity-imports';
import { AppError } from '../../../contracts/errors';
import { text } from '../../../contracts/text';
import { ACTIVITY_IMPORT_LIMITS } from '../../../domain/activity-import/format';
import type { ColumnMapping } from '../../../domain/activity-import/column-mapper';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import { confirmImport, previewImport, undoImport, type UploadedFile } from './import-service';

const ZFileName = text({ field: 'The file name', max: 255, invalid: M.fileNameInvalid });

/** The uploaded form: one file and an optional mapping, read whole within the limits; anything else is a 4xx. */
async function readUpload(request: FastifyRequest): Promise<{ file: UploadedFile; mapping?: ColumnMapping }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.fileRequired);
  let file: UploadedFile | undefined;
  let mappingText: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        if (file) throw new AppError('VALIDATION_ERROR', M.oneFile, { fields: { file: M.oneFile } });
        const bytes = await part.toBuffer();
        // Only the name: a browser may send a path (`C:\fakepath\x.csv`).
        const name = part.filename.split(/[\\/]/).at(-1) ?? '';
        file = { fileName: parseWith(ZFileName, name) || 'upload.csv', bytes };
      } else if (part.type === 'field' && part.fieldname === 'mapping') {
        if (part.valueTruncated) {
          throw new AppError('VALIDATION_ERROR', M.mappingTooLarge, {
            fields: { mapping: M.mappingTooLarge },
          });
        }
        mappingText = String(part.value);
      } else {
        if (part.type === 'file') part.file.resume();
        throw new AppError('VALIDATION_ERROR', M.unknownField(part.fieldname));
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file) throw new AppError('VALIDATION_ERROR', M.fileRequired, { fields: { file: M.fileRequired } });
  if (mappingText === undefined) return { file };
  let json: unknown;
  try {
    json = JSON.parse(mappingText);
  } catch {
    throw new AppError('VALIDATION_ERROR', M.mappingNotJson, { fields: { mapping: M.mappingNotJson } });
  }
  return { file, mapping: parseWith(ZColumnMapping, json) };
}

/** The multipart parser's refusals (busboy's malformed bodies have no status) as the API's 4xx. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', `${M.tooLarge} ${M.limits}`);
  }
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION_ERROR', M.oneFile);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('VALIDATION_ERROR', M.unknownField('(more than one mapping)'));
  }
  return new AppError('BAD_REQUEST', 'The upload is not a readable multipart/form-data body.');
}

/**
 * The activity import's routes (issue 27 items 5 and 13): signed in, per user rate-limited; multipart is
 * accepted here only (every other route of the API speaks JSON). The file is bounded while it streams in (10 MB,
 * one file, one `mapping` field), then read whole before anything is stored.
 */
export const activityImportRoutes: FastifyPluginAsync = async (app) => {
  const { activities: context } = app.services;
  const userRequest = (request: FastifyRequest) => ({ ...context, user: signedInUser(request) });
  await app.register(multipart, {
    limits: {
      fileSize: ACTIVITY_IMPORT_LIMITS.maxBytes,
      files: 1,
      fields: 1,
      parts: 2,
      fieldNameSize: 100,
      fieldSize: ACTIVITY_IMPORT_MAPPING_MAX_BYTES,
      headerPairs: 100,
    },
  });
  // A preview reads a whole file: fewer of those than of the ledger's other requests.
  const previewLimit = { preHandler: requireUser, config: perUserLimit(30, 60_000) };
  const limit = { preHandler: requireUser, config: perUserLimit(240, 60_000) };

  app.post('/activities/import/preview', previewLimit, async (request) => {
    const { portfolio } = parseWith(ZImportPreviewQuery, request.query);
    const upload = await readUpload(request);
    const body: ImportPreviewResponse = await previewImport({
      ...userRequest(request),
      portfolio,
      ...upload,
    });
    return body;
  });

  app.post('/activities/import/:importId/confirm', limit, async (request) => {
    const { importId } = parseWith(ZImportParams, request.params);
    const body: ImportConfirmResponse = await confirmImport({ ...userRequest(request), importId });
    return body;
  });

  app.delete('/activities/imports/:importId', limit, async (request) => {
    const { importId } = parseWith(ZImportParams, request.params);
    const body: ImportUndoResponse = await undoImport({ ...userRequest(request), importId });
    return body;
  });
};
