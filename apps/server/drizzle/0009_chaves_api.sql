CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"prefixo" text NOT NULL,
	"hash" text NOT NULL,
	"criado_por" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso_em" timestamp with time zone,
	"revogado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "laudos" ADD COLUMN "criado_por_chave_api" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_criado_por_auth_user_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_empresa_idx" ON "api_keys" USING btree ("empresa_id");--> statement-breakpoint
ALTER TABLE "laudos" ADD CONSTRAINT "laudos_criado_por_chave_api_api_keys_id_fk" FOREIGN KEY ("criado_por_chave_api") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;