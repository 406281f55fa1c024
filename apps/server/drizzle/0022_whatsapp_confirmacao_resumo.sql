ALTER TABLE "whatsapp_mensagens" ALTER COLUMN "laudo_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ALTER COLUMN "data_vencimento" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ALTER COLUMN "days_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD COLUMN "resposta_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD COLUMN "mes" date;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_resposta_id_respostas_lembrete_id_fk" FOREIGN KEY ("resposta_id") REFERENCES "public"."respostas_lembrete"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagens_resposta_uq" ON "whatsapp_mensagens" USING btree ("resposta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagens_resumo_uq" ON "whatsapp_mensagens" USING btree ("usuario_id","mes");