/**
 * A local stand-in for an OpenAI-compatible API (node:http on 127.0.0.1, port 0) speaking the chat
 * completions wire format. It answers only what a test queued with `reply*()`, one request per queued
 * answer, and only `POST /v1/chat/completions` with the expected bearer key and a JSON body; anything else
 * gets a 599 and is recorded in `unhandled`, which each test asserts is empty (MSW's
 * `onUnhandledRequest: 'error'`).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_OPENAI_KEY = 'sk-test-fake-openai-key';
export const FAKE_OPENAI_MODEL = 'fake-model-1';
/**
 * The model timeout of the apps that talk to this server: long enough that an answer the fake gives at once is
 * never late on a loaded 2-core CI machine (300 ms was), short enough for the one test per feature that waits
 * for it (`replyNever`).
 */
export const MODEL_TIMEOUT_MS = 2_000;

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  [key: string]: unknown;
}

export interface RecordedChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatRequestBody | undefined;
}

export type FakeAnswer =
  | { kind: 'content'; content: (request: ChatRequestBody) => string }
  | { kind: 'error'; status: number; message: string; type: string; code: string | null }
  | { kind: 'hang' };

/** The facts JSON the adapter put in the user message. */
export function factsOf(request: ChatRequestBody): Record<string, unknown> {
  const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
  return JSON.parse(user.slice(user.indexOf('{'))) as Record<string, unknown>;
}

export class FakeOpenAiServer {
  readonly requests: RecordedChatRequest[] = [];
  readonly unhandled: string[] = [];
  private readonly answers: FakeAnswer[] = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    /** The base URL to configure (OPENAI_BASE_URL), ending in /v1. */
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakeOpenAiServer> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () =>
        fake.handle(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks), res),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeOpenAiServer(server, `http://127.0.0.1:${port}/v1`);
    return fake;
  }

  /** Answers the next request with a chat completion whose message content is this text (JSON or not). */
  replyContent(content: string | ((request: ChatRequestBody) => string)): this {
    this.answers.push({ kind: 'content', content: typeof content === 'string' ? () => content : content });
    return this;
  }

  /** Answers the next request with the JSON of `words` as the message content. */
  replyJson(words: object | ((request: ChatRequestBody) => object)): this {
    return this.replyContent((request) =>
      JSON.stringify(typeof words === 'function' ? words(request) : words),
    );
  }

  /** Answers the next request with an OpenAI error body `{ error: { message, type, code } }`. */
  replyError(status: number, message: string, type: string, code: string | null = null): this {
    this.answers.push({ kind: 'error', status, message, type, code });
    return this;
  }

  /** Never answers the next request (until the server closes): for timeouts. */
  replyNever(): this {
    this.answers.push({ kind: 'hang' });
    return this;
  }

  /** Answers queued and not yet used. */
  get pending(): number {
    return this.answers.length;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    raw: Buffer,
    res: ServerResponse,
  ) {
    let body: ChatRequestBody | undefined;
    try {
      body = JSON.parse(raw.toString('utf8')) as ChatRequestBody;
    } catch {
      body = undefined;
    }
    this.requests.push({ method, path: url, headers, body });
    const problem =
      method !== 'POST' || url !== '/v1/chat/completions'
        ? 'unexpected endpoint'
        : headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`
          ? 'wrong or missing bearer key'
          : !body || typeof body.model !== 'string' || !Array.isArray(body.messages)
            ? 'not a chat completion request'
            : this.answers.length === 0
              ? 'no answer queued'
              : undefined;
    if (problem || !body) {
      this.unhandled.push(`${method} ${url}: ${problem ?? 'invalid body'}`);
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(`fake openai: ${problem ?? 'invalid body'}`);
      return;
    }
    const answer = this.answers.shift() as FakeAnswer;
    if (answer.kind === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (answer.kind === 'error') {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: answer.message, type: answer.type, code: answer.code } }));
      return;
    }
    const completion = {
      id: `chatcmpl-fake-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer.content(body), refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion));
  }
}

export function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  return FakeOpenAiServer.start();
}
