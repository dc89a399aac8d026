import { Injectable } from '@nestjs/common';

/** Demo verifications through the command handlers (next commit). */
@Injectable()
export class DemoVerificationsSeeder {
  run(): Promise<void> {
    return Promise.resolve();
  }
}
