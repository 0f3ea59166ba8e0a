-- Seed 002's statement: 16 columns of one row by primary key. The report ran mysqlslap with one fixed id (170000);
-- here each execution draws an id over the loaded rows.
select id,inst_id,code,name_cn,aic_register_name,postcode,administrative_division,province_code,city_code,status,
       business_unit,org_level,org_category,manage_level,parent_org_code,erp_parent_org_code
  from bic_base_org where id = {int:1:191000};
