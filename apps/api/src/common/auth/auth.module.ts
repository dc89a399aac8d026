import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { JwtStrategy } from './jwt.strategy';
import { TokenService } from './token.service';

@Global()
@Module({
  imports: [PassportModule, JwtModule.register({})],
  providers: [JwtStrategy, TokenService],
  exports: [TokenService],
})
export class AuthModule {}
