import { PageTitle } from '../../components/page-title';
import { HOME_SECTIONS } from '../../features/home/api/home-documents';
import { CategoryGrid } from '../../features/home/components/category-grid';
import { CategorySidebar } from '../../features/home/components/category-sidebar';
import { HeroCarousel } from '../../features/home/components/hero-carousel';
import { ProductSection } from '../../features/home/components/product-section';
import { ShopBenefits } from '../../features/home/components/shop-benefits';
import { useHomeCatalog } from '../../features/home/hooks/use-home-catalog';

export default function HomePage() {
  const { categories, data, loading, failed, retry } = useHomeCatalog();
  return (
    <div className="container home">
      <PageTitle
        title="Online Shopping for Fashion, Home, Beauty & More"
        description="ShopKart – shop fashion, watches, home & kitchen, beauty, toys, groceries and more at great prices. Cash on delivery and free returns within 30 days."
      />
      <h1 className="sr-only">ShopKart: online shopping for fashion, home, beauty and more</h1>
      <div className="home-top">
        <CategorySidebar categories={categories} />
        <div className="home-top__main">
          <HeroCarousel />
          <ShopBenefits />
        </div>
      </div>
      <CategoryGrid categories={categories} />
      {HOME_SECTIONS.map((section) => (
        <ProductSection
          key={section.key}
          title={section.title}
          tag={section.tag}
          count={section.count}
          products={data?.[section.key].products}
          loading={loading}
          failed={failed}
          onRetry={retry}
        />
      ))}
    </div>
  );
}
