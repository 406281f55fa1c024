CREATE TABLE "respostas_estagios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resposta_id" uuid NOT NULL,
	"de" text,
	"para" text,
	"nota" text,
	"interna" boolean DEFAULT false NOT NULL,
	"usuario_id" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "respostas_estagios_nota_ck" CHECK ("respostas_estagios"."para" is not null or "respostas_estagios"."nota" is not null)
);
--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD COLUMN "agendado_para" date;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD COLUMN "engenheiro" text;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD COLUMN "orcamento" text;--> statement-breakpoint
ALTER TABLE "respostas_lembrete" ADD COLUMN "motivo_perda" text;--> statement-breakpoint
ALTER TABLE "respostas_estagios" ADD CONSTRAINT "respostas_estagios_resposta_id_respostas_lembrete_id_fk" FOREIGN KEY ("resposta_id") REFERENCES "public"."respostas_lembrete"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas_estagios" ADD CONSTRAINT "respostas_estagios_usuario_id_auth_user_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "respostas_estagios_resposta_idx" ON "respostas_estagios" USING btree ("resposta_id","criado_em");--> statement-breakpoint
CREATE INDEX "respostas_estagios_para_idx" ON "respostas_estagios" USING btree ("para","criado_em");