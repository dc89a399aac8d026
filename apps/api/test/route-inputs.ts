import type { INestApplication } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import { routeTable, type RouteInfo } from './route-table';

/** What a route reads from the request, from its handler's own metadata. */
export interface RouteInputs extends RouteInfo {
  params: string[];
  /** The @Body() argument: its class when it is a class-validator DTO (or a pipe validates it), else null. */
  body: { dto: string | null; fields: string[]; whole: boolean } | null;
  /** Query names read one by one (@Query('x')), and whether the whole query object is read. */
  query: { names: string[]; whole: boolean; dto: string | null };
  handler: string;
}

const isDto = (type: unknown): type is new () => unknown =>
  typeof type === 'function' && getMetadataStorage().getTargetValidationMetadatas(type as new () => unknown, '', true, false).length > 0;

const fieldsOf = (type: new () => unknown) => [...new Set(getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).map((m) => m.propertyName))];

/** routeTable, with each route's parameters, body and query as its handler declares them. */
export function routeInputs(app: INestApplication): RouteInputs[] {
  const byKey = new Map(routeTable(app).map((r) => [`${r.method} ${r.path}`, r]));
  const out: RouteInputs[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
      if (!type) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, type) as string | undefined) ?? '';
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const prefix = ['admin', 'health'].some((p) => String(base).startsWith(p)) ? '' : 'v1';
        const full = `/${[prefix, String(base), String(path)].map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`;
        const info = byKey.get(`${RequestMethod[method]} ${full}`);
        if (!info) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<string, { index: number; data?: unknown; pipes?: unknown[] }>;
        const types = (Reflect.getMetadata('design:paramtypes', type.prototype, name) ?? []) as unknown[];
        let body: RouteInputs['body'] = null;
        const query: RouteInputs['query'] = { names: [], whole: false, dto: null };
        for (const [key, arg] of Object.entries(args)) {
          const kind = Number(key.split(':')[0]);
          const argType = types[arg.index];
          if (kind === RouteParamtypes.BODY) {
            const piped = (arg.pipes ?? []).length > 0;
            if (typeof arg.data === 'string') body = { dto: piped ? 'pipe' : null, fields: [arg.data], whole: false };
            else if (isDto(argType)) body = { dto: argType.name, fields: fieldsOf(argType), whole: true };
            else body = { dto: piped ? 'pipe' : null, fields: [], whole: true };
          }
          if (kind === RouteParamtypes.QUERY) {
            if (typeof arg.data === 'string') query.names.push(arg.data);
            else {
              query.whole = true;
              if (isDto(argType)) query.dto = argType.name;
            }
          }
        }
        out.push({ ...info, params: [...full.matchAll(/:(\w+)/g)].map((m) => m[1]), body, query, handler: `${type.name}.${name}` });
      }
    }
  }
  return out.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** Routes whose handler reads a body that no class-validator DTO (nor a validating pipe) checks. */
export const untypedBodies = (routes: RouteInputs[]) =>
  routes.filter((r) => r.body && !r.body.dto).map((r) => `${r.method} ${r.path} (${r.handler})`);
