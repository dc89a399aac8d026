// The admin module's public face: only its Nest module (its list helpers live in common/http).
