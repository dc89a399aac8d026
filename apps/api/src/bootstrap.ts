import { ValidationPipe, type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config/config.schema';
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
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config, options.extraModules), {
    logger: new NestPinoLogger(logger),
    bufferLogs: false,
    bodyParser: false,
  });
  // Verification submissions may carry PDFs inline as base64 (at most 5 MB each, verifications.md): room for that.
  app.useBodyParser('json', { limit: '8mb' });
  app.useBodyParser('urlencoded', { extended: true, limit: '1mb' });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(httpTracing());
  app.use(requestLogging(logger));
  app.enableCors({
    origin: true,
    exposedHeaders: ['x-auth-token', 'x-refresh-token', 'Content-Range', 'X-Total-Count', 'X-Request-Id'],
  });
  app.setGlobalPrefix('v1', { exclude: ['health', 'admin', 'admin/{*path}'] });
  app.useGlobalPipes(
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
