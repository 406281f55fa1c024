CREATE TABLE "equipamento_conexoes" (
	"tubulacao_id" uuid NOT NULL,
	"equipamento_id" uuid NOT NULL,
	CONSTRAINT "equipamento_conexoes_tubulacao_id_equipamento_id_pk" PRIMARY KEY("tubulacao_id","equipamento_id")
);
--> statement-breakpoint
CREATE TABLE "equipamento_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"equipamento_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"data" date NOT NULL,
	"descricao" text,
	"exige_inspecao" boolean DEFAULT false NOT NULL,
	"criado_por" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipamento_exames" (
	"equipamento_id" uuid NOT NULL,
	"exame" text NOT NULL,
	"intervalo_meses" integer,
	"ultima_em" date,
	"maxima" date,
	"data" date,
	"explicacao" text NOT NULL,
	"prorrogacao" text,
	CONSTRAINT "equipamento_exames_equipamento_id_exame_pk" PRIMARY KEY("equipamento_id","exame")
);
--> statement-breakpoint
CREATE TABLE "equipamento_inspecoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"equipamento_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"exames" jsonb NOT NULL,
	"data_inicio" date,
	"data_fim" date NOT NULL,
	"ph_nome" text,
	"ph_crea" text,
	"resultado" text,
	"parecer" text,
	"recomendacoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"proximas_planejadas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"laudo_id" uuid,
	"criado_por" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipamento_prorrogacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"equipamento_id" uuid NOT NULL,
	"exame" text NOT NULL,
	"tipo" text NOT NULL,
	"meses" integer NOT NULL,
	"justificativa" text NOT NULL,
	"ph_nome" text NOT NULL,
	"ph_crea" text NOT NULL,
	"aviso_sindicato_em" date,
	"status" text DEFAULT 'solicitada' NOT NULL,
	"decidida_por" text,
	"decidida_em" timestamp with time zone,
	"criado_por" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"tag" text NOT NULL,
	"descricao" text,
	"estabelecimento" text,
	"localizacao" text,
	"pressao_operacao_kpa" numeric,
	"pressao_maxima_kpa" numeric,
	"volume_m3" numeric,
	"fluido" text,
	"classe_fluido" text,
	"spie" boolean DEFAULT false NOT NULL,
	"opcoes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"placa" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data_instalacao" date,
	"protege_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"categoria" text,
	"classificacao" text DEFAULT '' NOT NULL,
	"proxima_data" date,
	"criado_por" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipamentos_tipo_ck" CHECK ("equipamentos"."tipo" in ('caldeira', 'vaso', 'tubulacao', 'tanque', 'dispositivo'))
);
--> statement-breakpoint
ALTER TABLE "laudos" ADD COLUMN "equipamento_id" uuid;--> statement-breakpoint
ALTER TABLE "laudos" ADD COLUMN "exame" text;--> statement-breakpoint
ALTER TABLE "equipamento_conexoes" ADD CONSTRAINT "equipamento_conexoes_tubulacao_id_equipamentos_id_fk" FOREIGN KEY ("tubulacao_id") REFERENCES "public"."equipamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_conexoes" ADD CONSTRAINT "equipamento_conexoes_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_eventos" ADD CONSTRAINT "equipamento_eventos_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_eventos" ADD CONSTRAINT "equipamento_eventos_criado_por_auth_user_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_exames" ADD CONSTRAINT "equipamento_exames_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_inspecoes" ADD CONSTRAINT "equipamento_inspecoes_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_inspecoes" ADD CONSTRAINT "equipamento_inspecoes_laudo_id_laudos_id_fk" FOREIGN KEY ("laudo_id") REFERENCES "public"."laudos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_inspecoes" ADD CONSTRAINT "equipamento_inspecoes_criado_por_auth_user_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_prorrogacoes" ADD CONSTRAINT "equipamento_prorrogacoes_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_prorrogacoes" ADD CONSTRAINT "equipamento_prorrogacoes_decidida_por_auth_user_id_fk" FOREIGN KEY ("decidida_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamento_prorrogacoes" ADD CONSTRAINT "equipamento_prorrogacoes_criado_por_auth_user_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamentos" ADD CONSTRAINT "equipamentos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipamentos" ADD CONSTRAINT "equipamentos_criado_por_auth_user_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipamento_conexoes_equipamento_idx" ON "equipamento_conexoes" USING btree ("equipamento_id");--> statement-breakpoint
CREATE INDEX "equipamento_eventos_equipamento_idx" ON "equipamento_eventos" USING btree ("equipamento_id","data");--> statement-breakpoint
CREATE INDEX "equipamento_exames_data_idx" ON "equipamento_exames" USING btree ("data");--> statement-breakpoint
CREATE INDEX "equipamento_inspecoes_equipamento_idx" ON "equipamento_inspecoes" USING btree ("equipamento_id","data_fim");--> statement-breakpoint
CREATE INDEX "equipamento_prorrogacoes_equipamento_idx" ON "equipamento_prorrogacoes" USING btree ("equipamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipamentos_empresa_tag_uq" ON "equipamentos" USING btree ("empresa_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "equipamentos_proxima_idx" ON "equipamentos" USING btree ("empresa_id","proxima_data");--> statement-breakpoint
CREATE INDEX "equipamentos_protege_idx" ON "equipamentos" USING btree ("protege_id");--> statement-breakpoint
ALTER TABLE "laudos" ADD CONSTRAINT "laudos_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "laudos_equipamento_exame_uq" ON "laudos" USING btree ("equipamento_id","exame") WHERE "laudos"."equipamento_id" is not null;