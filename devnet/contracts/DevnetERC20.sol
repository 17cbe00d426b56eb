// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A small ERC-20 for the devnet: the deployer may mint; everything else is standard.
contract DevnetERC20 {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address public immutable owner;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// Mints amounts[i] to holders[i] at deployment, so funding costs no extra transactions.
    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders, uint256[] memory amounts) {
        require(holders.length == amounts.length, "length mismatch");
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], amounts[i]);
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "only owner");
        _mint(to, amount);
    }

    function _mint(address to, uint256 amount) private {
        require(to != address(0), "mint to zero");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "insufficient allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "transfer to zero");
        uint256 balance = balanceOf[from];
        require(balance >= amount, "insufficient balance");
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
