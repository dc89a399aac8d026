import { ValidationPipe, type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { answerClientErrorsInShape } from './common/http/client-errors';
import { securityHeaders } from './common/http/security-headers';
import { IdParamsInterceptor } from './common/pipes/id-params';
import { bodyParserErrors, refuseUnsafeInput } from './common/pipes/input-safety.middleware';
import { SafeInputPipe } from './common/pipes/safe-input.pipe';
import type { AppConfig } from './config/config.schema';
import { IdempotencyModule } from './infrastructure/idempotency/idempotency.module';
import { createLogger, NestPinoLogger } from './infrastructure/logging/logger';
import { requestLogging } from './infrastructure/logging/request-logging.middleware';
import { httpTracing } from './infrastructure/tracing/http-tracing.middleware';
import { readApiVersion } from './modules/info/api-version';
import { defaultWebRoot, staticApps } from './web/static-apps';

export interface CreateAppOptions {
  logger?: Logger;
  /** Serve the built portal and console (off in most tests). */
  serveWeb?: boolean;
  /** Modules added to the application (tests use this for probes). */
  extraModules?: DynamicModule['imports'];
}

/** Builds the whole HTTP application; main.ts listens on it, tests drive it with supertest. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // Idempotency-Key on keyed writes (issue 19): a global interceptor with its PostgreSQL store.
  const modules = [IdempotencyModule, ...(options.extraModules ?? [])];
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config, modules), {
    logger: new NestPinoLogger(logger),
    bufferLogs: false,
    bodyParser: false,
  });
  // A request Node's parser refuses (headers over 16 KB) gets the errors[] body too, not Node's empty 431.
  answerClientErrorsInShape(app.getHttpServer());
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(httpTracing());
  app.use(requestLogging(logger));
  app.use(securityHeaders({ hstsMaxAge: config.hstsMaxAge }));
  // Verification submissions may carry PDFs inline as base64 (at most 5 MB each, verifications.md): room for that.
  app.useBodyParser('json', { limit: '8mb' });
  app.useBodyParser('urlencoded', { extended: true, limit: '1mb' });
  // Input no route should ever see (issue 19): a body the parsers refused, NUL bytes, control characters, lone
  // surrogates, malformed percent-encoding. Answered 400 in the spec's shape here, before any route.
  app.use(bodyParserErrors());
  app.use(refuseUnsafeInput());
  app.enableCors({
    origin: true,
    exposedHeaders: ['x-auth-token', 'x-refresh-token', 'Content-Range', 'X-Total-Count', 'X-Request-Id'],
  });
  app.setGlobalPrefix('v1', { exclude: ['health', 'admin', 'admin/{*path}'] });
  // A route parameter that cannot be an id of its kind is 404 before the handler (common/pipes/id-params.ts).
  app.useGlobalInterceptors(new IdParamsInterceptor());
  app.useGlobalPipes(
    new SafeInputPipe(),
    new ValidationPipe({ whitelist: true, transform: true, forbidUnknownValues: false, stopAtFirstError: false }),
  );

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Credence API')
      .setDescription('Credential and background verification service')
      .setVersion(readApiVersion())
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-AUTH-TOKEN' }, 'session')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json' });

  if (options.serveWeb ?? true) app.use(staticApps(config.webRoot ?? defaultWebRoot()));
  return app;
}
