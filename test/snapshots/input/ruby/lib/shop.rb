# Shop: a small store of items.
require 'rack'
require 'active_support/core_ext/string'
require 'shop/version'
require 'shop/money'
require 'shop/inventory'
require_relative 'shop/report'

module Shop
  class Error < StandardError; end

  def self.inventory
    @inventory ||= Inventory.new
  end

  def self.configure
    yield config
  end

  def self.config
    Config.new
  end

  class Config
    attr_accessor :currency

    def initialize
      @currency = 'EUR'
    end
  end
end
