import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC } from '../src/common/auth/public.decorator';
import { REQUIRED_ROLE } from '../src/common/auth/roles.decorator';

export interface RouteInfo {
  method: string;
  path: string;
  isPublic: boolean;
  role: string | undefined;
}

const join = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`;

/** Every route the application serves, with its guard settings, read from the controllers' metadata. */
export function routeTable(app: INestApplication): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
      if (!type) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined) ?? '';
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const prefix = ['admin', 'health'].some((p) => String(base).startsWith(p)) ? '' : 'v1';
        routes.push({
          method: RequestMethod[method],
          path: join(prefix, String(base), String(path)),
          isPublic: Boolean(Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, type)),
          role: (Reflect.getMetadata(REQUIRED_ROLE, handler) ?? Reflect.getMetadata(REQUIRED_ROLE, type)) as string | undefined,
        });
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
