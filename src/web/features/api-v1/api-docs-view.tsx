import { AlertCircle } from 'lucide-react';
import type { OpenApiDocument } from '../../../contracts/api-v1';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useOpenApiDocument } from './get-openapi-document';

/** The API reference, rendered from GET /api/v1/openapi.json (which is generated from the zod contracts). */
export function ApiDocsView() {
  const document = useOpenApiDocument();
  if (document.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <span className="sr-only">
          <Spinner label="Loading the API reference" />
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  }
  if (document.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <div className="flex flex-col gap-2">
          <AlertTitle>Could not load the API reference</AlertTitle>
          <AlertDescription>{errorMessage(document.error, 'Please try again.')}</AlertDescription>
          <Button variant="outline" size="sm" className="self-start" onClick={() => void document.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  return <Reference document={document.data} />;
}

function Reference({ document }: { document: OpenApiDocument }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const operations = Object.entries(document.paths).map(([path, item]) => ({ path, ...item.get }));
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            {document.info.title}{' '}
            <span className="text-base font-normal text-muted-foreground">
              version {document.info.version}
            </span>
          </CardTitle>
          <CardDescription>{document.info.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <h2 className="text-base font-semibold">Example</h2>
          <pre
            className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be keyboard-reachable
            tabIndex={0}
            role="region"
            aria-label="Example request"
          >
            <code>{`curl -H "Authorization: Bearer $FOLIOWISE_TOKEN" \\\n  ${origin}/api/v1/portfolio`}</code>
          </pre>
          <p className="text-sm text-muted-foreground">
            The full description is at{' '}
            <a
              href="/api/v1/openapi.json"
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              /api/v1/openapi.json
            </a>{' '}
            (OpenAPI {document.openapi}).
          </p>
        </CardContent>
      </Card>

      <section aria-labelledby="api-endpoints-title" className="flex flex-col gap-4">
        <h2 id="api-endpoints-title" className="text-xl font-semibold tracking-tight">
          Endpoints
        </h2>
        {operations.map((operation) => {
          const scopes = operation.security.flatMap((requirement) => Object.values(requirement).flat());
          return (
            <Card key={operation.path} id={operation.operationId}>
              <CardHeader>
                <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                  <Badge>GET</Badge>
                  <code className="font-mono text-sm break-all">{operation.path}</code>
                </CardTitle>
                <CardDescription>
                  <span className="font-medium text-foreground">{operation.summary}.</span>{' '}
                  {operation.description}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">Scope:</span>
                  {scopes.length > 0 ? (
                    scopes.map((scope) => (
                      <Badge key={scope} variant="outline" className="font-mono">
                        {scope}
                      </Badge>
                    ))
                  ) : (
                    <span className="text-muted-foreground">none (no token needed)</span>
                  )}
                </p>
                <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[4rem_1fr]">
                  {Object.entries(operation.responses).map(([status, response]) => (
                    <div key={status} className="contents">
                      <dt className="mt-2 font-mono font-medium sm:mt-0">{status}</dt>
                      <dd className="text-muted-foreground">
                        {response.description}
                        {schemaNameOf(response) ? (
                          <>
                            {' '}
                            <a
                              href={`#schema-${schemaNameOf(response)}`}
                              className="font-mono text-primary underline-offset-2 hover:underline"
                            >
                              {schemaNameOf(response)}
                            </a>
                          </>
                        ) : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
          );
        })}
      </section>

      <section aria-labelledby="api-schemas-title" className="flex flex-col gap-3">
        <h2 id="api-schemas-title" className="text-xl font-semibold tracking-tight">
          Schemas
        </h2>
        {Object.entries(document.components.schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`} className="rounded-lg border border-border bg-background">
            <summary className="cursor-pointer px-4 py-3 font-mono text-sm font-medium">{name}</summary>
            <pre
              className="max-h-96 overflow-auto border-t border-border p-4 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be keyboard-reachable
              tabIndex={0}
              role="region"
              aria-label={`${name} schema`}
            >
              {JSON.stringify(schema, null, 2)}
            </pre>
          </details>
        ))}
      </section>
    </div>
  );
}

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

function schemaNameOf(
  response: OpenApiDocument['paths'][string]['get']['responses'][string],
): string | undefined {
  const ref = response.content?.['application/json']?.schema.$ref;
  return typeof ref === 'string' ? SCHEMA_REF.exec(ref)?.[1] : undefined;
}
