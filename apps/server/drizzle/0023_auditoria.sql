CREATE TABLE "auditoria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ator_tipo" text NOT NULL,
	"ator_id" text,
	"ator_nome" text,
	"ator_papel" text,
	"ip" text,
	"user_agent" text,
	"empresa_id" uuid,
	"entidade" text NOT NULL,
	"entidade_id" text,
	"acao" text NOT NULL,
	"campos" jsonb,
	"detalhes" jsonb,
	CONSTRAINT "auditoria_ator_tipo_ck" CHECK ("auditoria"."ator_tipo" in ('usuario', 'chave_api', 'sistema'))
);
--> statement-breakpoint
CREATE INDEX "auditoria_criado_idx" ON "auditoria" USING btree ("criado_em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_empresa_idx" ON "auditoria" USING btree ("empresa_id","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_entidade_idx" ON "auditoria" USING btree ("entidade","entidade_id","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_ator_idx" ON "auditoria" USING btree ("ator_id","criado_em" DESC NULLS LAST);