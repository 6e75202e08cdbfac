import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../../contracts/errors';
import { MOVE_IN_LIMITS, MOVE_IN_MESSAGES as M, type MoveInSummary } from '../../../contracts/move-in';
import { text } from '../../../contracts/text';
import { requireUser, signedInUser } from '../../auth/guards';
import { perUserLimit } from '../../limits/per-user';
import { moveIn, type MoveInUpload } from './move-in-service';

const ZFileName = text({ field: 'The file name', max: 255 });

/** The one file of the form, read whole within MOVE_IN_LIMITS.maxBytes; anything else is a 4xx. */
async function readMoveInUpload(request: FastifyRequest): Promise<MoveInUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.fileRequired);
  let upload: MoveInUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || upload) {
        if (part.type === 'file') part.file.resume();
        throw new AppError('VALIDATION_ERROR', M.onlyFile);
      }
      const bytes = await part.toBuffer();
      // Only the name (a browser may send a path); one that breaks the text rules is named for what it is.
      const name = ZFileName.safeParse(part.filename.split(/[\\/]/).at(-1) ?? '');
      upload = { fileName: (name.success && name.data) || 'foliowise-data.json', bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('VALIDATION_ERROR', M.onlyFile);
    }
    throw new AppError('BAD_REQUEST', 'The upload is not a readable multipart/form-data body.');
  }
  if (!upload) throw new AppError('VALIDATION_ERROR', M.fileRequired, { fields: { file: M.fileRequired } });
  return upload;
}

/**
 * Moving in from another Foliowise (issue 27 item 11, docs/decisions/039): signed in, a few a minute per user
 * (each reads a file of up to 50 MB); multipart with one file, bounded while it streams in.
 */
export const moveInRoutes: FastifyPluginAsync = async (app) => {
  const { activities: context } = app.services;
  await app.register(multipart, {
    limits: {
      fileSize: MOVE_IN_LIMITS.maxBytes,
      // One field and two parts are let in, so that a form with more than the file is refused by name.
      files: 1,
      fields: 1,
      parts: 2,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });
  const limit = { preHandler: requireUser, config: perUserLimit(10, 60_000) };
  const run = async (request: FastifyRequest, confirm: boolean): Promise<MoveInSummary> =>
    moveIn({
      ...context,
      user: signedInUser(request),
      upload: await readMoveInUpload(request),
      confirm,
    });

  app.post('/preview', limit, (request) => run(request, false));
  app.post('/confirm', limit, (request) => run(request, true));
};
