CREATE TABLE "tipos_laudo" (
	"nome" text PRIMARY KEY NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"ordem" integer DEFAULT 100 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "tipos_laudo" ("nome", "descricao", "ordem") VALUES
	('NR-13', 'Caldeiras, vasos de pressão e tubulações', 10),
	('NR-12', 'Segurança em máquinas e equipamentos', 20),
	('Elevadores', 'Inspeção de elevadores', 30),
	('Manutenção preditiva', 'Termografia, análise de vibração e ultrassom', 40),
	('Consultoria', 'Consultoria técnica e adequação a normas', 50)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "tipos_laudo" ("nome") SELECT DISTINCT "tipo" FROM "laudos" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "laudos" ADD CONSTRAINT "laudos_tipo_tipos_laudo_nome_fk" FOREIGN KEY ("tipo") REFERENCES "public"."tipos_laudo"("nome") ON DELETE restrict ON UPDATE cascade;