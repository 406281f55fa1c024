CREATE TABLE "importacao_linhas" (
	"importacao_id" uuid NOT NULL,
	"ordem" integer NOT NULL,
	"linha" integer NOT NULL,
	"valores" jsonb NOT NULL,
	"resultado" text,
	"mensagem" text,
	CONSTRAINT "importacao_linhas_importacao_id_ordem_pk" PRIMARY KEY("importacao_id","ordem")
);
--> statement-breakpoint
CREATE TABLE "importacao_mapeamentos" (
	"escopo" text NOT NULL,
	"assinatura" text NOT NULL,
	"mapeamento" jsonb NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "importacao_mapeamentos_escopo_assinatura_pk" PRIMARY KEY("escopo","assinatura")
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid,
	"criado_por" text,
	"criado_por_nome" text,
	"limitada" boolean DEFAULT false NOT NULL,
	"nome_arquivo" text NOT NULL,
	"status" text DEFAULT 'enviada' NOT NULL,
	"colunas" jsonb NOT NULL,
	"total" integer NOT NULL,
	"mapeamento" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"existentes" text DEFAULT 'pular' NOT NULL,
	"enviar_emails" boolean DEFAULT false NOT NULL,
	"previa" jsonb,
	"ator" jsonb,
	"processadas" integer DEFAULT 0 NOT NULL,
	"importados" integer DEFAULT 0 NOT NULL,
	"atualizados" integer DEFAULT 0 NOT NULL,
	"pulados" integer DEFAULT 0 NOT NULL,
	"erros" integer DEFAULT 0 NOT NULL,
	"falha" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "importacoes_status_ck" CHECK ("importacoes"."status" in ('enviada', 'validada', 'importando', 'concluida', 'falhou')),
	CONSTRAINT "importacoes_existentes_ck" CHECK ("importacoes"."existentes" in ('pular', 'atualizar'))
);
--> statement-breakpoint
ALTER TABLE "importacao_linhas" ADD CONSTRAINT "importacao_linhas_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_criado_por_auth_user_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacoes_empresa_idx" ON "importacoes" USING btree ("empresa_id","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "importacoes_criado_idx" ON "importacoes" USING btree ("criado_em" DESC NULLS LAST);